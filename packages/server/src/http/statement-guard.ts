import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { hashSecret } from "../auth/tokens.js";

/**
 * A route whose own single statement checks the session (issue 12: an autosave is one round trip).
 * Such a route skips the caller lookup of every other request: its service receives only the
 * session's key and must check, in the statement that does the work, everything the guard would
 * have: the session valid, the route's permission, and the tenant (the session's own rows only),
 * answering 401, 403 and 404 exactly as the guard and scope do. The route still declares its
 * permission in the contract; `statement-guard.api.test.ts` holds each such route to the guard's
 * answer for every kind of session.
 */
export interface SessionKey {
  /** The stored hash of the session cookie's secret (sessions.id_hash). */
  idHash: string;
}

const GUARDED_IN_STATEMENT = Symbol("guardedInStatement");

/** Marks a handler as one whose statement checks the session (register-route.ts guardedInStatement types it). */
export function markGuardedInStatement<F extends object>(handler: F): F {
  return Object.assign(handler, { [GUARDED_IN_STATEMENT]: true as const });
}

export const isGuardedInStatement = (handler: unknown): boolean =>
  typeof handler === "function" && (handler as unknown as Record<symbol, unknown>)[GUARDED_IN_STATEMENT] === true;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's statement checks the session: the request context does not load the caller. */
    sessionInStatement?: boolean;
  }
}

export const sessionInStatement = (req: FastifyRequest): boolean => req.routeOptions.config?.sessionInStatement === true;

/** The session key of the request's cookie; null when there is none. */
export function sessionKeyOf(req: FastifyRequest): SessionKey | null {
  const secret = req.cookies[SESSION_COOKIE];
  return secret ? { idHash: hashSecret(secret) } : null;
}
