import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { HttpError } from "../http/errors.js";
import { LANGUAGE_COOKIE } from "../http/request-context.js";
import { SESSION_COOKIE } from "./sessions.js";

/** An HTML form post (the no-script path of the sign-in and password forms). */
export const isFormPost = (req: FastifyRequest) =>
  (req.headers["content-type"] ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");

/** Answers 303 See Other; returns the reply so registerRoute knows the answer is sent. */
export function seeOther(reply: FastifyReply, url: string): never {
  return reply.redirect(url, 303) as never;
}

/** A same-site URL with query parameters (undefined ones left out). */
export function pathWithQuery(path: string, query: Record<string, string | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") qs.set(k, v);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The i18n key of a failure that a form may show after its redirect; other errors propagate. */
export function formErrorKey(err: unknown): string {
  if (err instanceof HttpError && err.statusCode < 500) return err.messageKey ?? "errors.generic";
  throw err;
}

export function setSessionCookie(reply: FastifyReply, config: Config, secret: string): void {
  reply.setCookie(SESSION_COOKIE, secret, { path: "/", httpOnly: true, sameSite: "lax", secure: config.production });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: config.production });
}

const YEAR_SECONDS = 365 * 24 * 3600;

export function setLanguageCookie(reply: FastifyReply, config: Config, language: string): void {
  reply.setCookie(LANGUAGE_COOKIE, language, { path: "/", httpOnly: true, sameSite: "lax", secure: config.production, maxAge: YEAR_SECONDS });
}
