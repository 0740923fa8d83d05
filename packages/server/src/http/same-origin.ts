import type { FastifyRequest } from "fastify";
import { forbidden } from "./errors.js";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return "invalid";
  }
}

/**
 * CSRF defence for every state-changing request: the browser's Origin (or Referer) must be this
 * server or PUBLIC_URL. Without either header only JSON is accepted, which a cross-site form
 * cannot send without a CORS preflight we never grant.
 */
export function checkSameOrigin(req: FastifyRequest, publicUrl: string): void {
  if (SAFE.has(req.method)) return;
  if (req.headers["sec-fetch-site"] === "cross-site") throw forbidden();
  const host = req.headers.host;
  const allowed = new Set([new URL(publicUrl).origin]);
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
  if (origin) {
    if (!allowed.has(origin)) throw forbidden();
    return;
  }
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("application/json") && req.body !== undefined) throw forbidden();
}
