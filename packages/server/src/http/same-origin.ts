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

/** The origins this server answers as: PUBLIC_URL's and the Host header's. */
function allowedOrigins(req: FastifyRequest, publicUrl: string): Set<string> {
  const allowed = new Set([new URL(publicUrl).origin]);
  const host = req.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed;
}

/**
 * Whether a request provably comes from another site: the browser says so (Sec-Fetch-Site
 * cross-site, or same-site, which is a sibling host and so another origin), or its Origin or
 * Referer names another origin. A request with none of these headers is not "provably" foreign.
 */
export function comesFromAnotherSite(req: FastifyRequest, publicUrl: string): boolean {
  const site = req.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
  return origin !== null && !allowedOrigins(req, publicUrl).has(origin);
}

/** Whether the request says its body is JSON (the media type itself, parameters aside). */
const isJson = (req: FastifyRequest) => (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase() === "application/json";

/**
 * CSRF defence for every state-changing request: the browser's Origin (or Referer) must be this
 * server or PUBLIC_URL. Without either header only a JSON content type is accepted, which a
 * cross-site form cannot send without a CORS preflight we never grant. The header decides, not
 * the body parser: a multipart body is not parsed yet here, and an empty body is no excuse.
 */
export function checkSameOrigin(req: FastifyRequest, publicUrl: string): void {
  if (SAFE.has(req.method)) return;
  if (req.headers["sec-fetch-site"] === "cross-site") throw forbidden();
  const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
  if (origin) {
    if (!allowedOrigins(req, publicUrl).has(origin)) throw forbidden();
    return;
  }
  if (!isJson(req)) throw forbidden();
}

/**
 * For the few GET routes that act (email_summary sends mail): the request must provably come
 * from our own pages, by same-origin fetch metadata or an Origin/Referer of ours.
 */
export function requireOwnPage(req: FastifyRequest, publicUrl: string): void {
  const site = req.headers["sec-fetch-site"];
  if (site === "same-origin") return;
  if (site && site !== "none") throw forbidden();
  const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
  if (!origin || !allowedOrigins(req, publicUrl).has(origin)) throw forbidden();
}
