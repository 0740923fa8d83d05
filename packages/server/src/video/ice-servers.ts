import { createHmac } from "node:crypto";
import type { IceServer } from "@parlance/contract";
import type { VideoConfig } from "../config.js";

/** How long TURN credentials made from coturn's shared secret stay valid (a session and then some). */
export const TURN_CREDENTIAL_SECONDS = 24 * 60 * 60;

/**
 * The STUN and TURN servers a video room's two browsers use (docs/video.md). None by default: on
 * one machine or one network the browsers reach each other directly, so the room works offline.
 * With coturn's `use-auth-secret`, each person gets credentials of their own that expire (the
 * "TURN REST API": user `expiry:label`, password base64 HMAC-SHA1 of it under the shared secret).
 */
export function iceServersFor(config: VideoConfig, label: string, now = new Date()): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length) {
    if (config.turnSecret) {
      const username = `${Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_SECONDS}:${label}`;
      const credential = createHmac("sha1", config.turnSecret).update(username).digest("base64");
      servers.push({ urls: config.turnUrls, username, credential });
    } else {
      servers.push({ urls: config.turnUrls, username: config.turnUsername, credential: config.turnCredential });
    }
  }
  return servers;
}
