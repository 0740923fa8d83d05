import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";

/**
 * The request log (pino, through Fastify). Every line of a request carries its `reqId` (Fastify's
 * child logger of the request); what may hold a secret never reaches a line:
 * - request and response bodies and headers are not logged at all (cookies, Authorization);
 * - the logged URL has its secret parts replaced: query values whose name speaks of a key, token,
 *   code, password, secret or state (`?key=` of a reset link, `?token=` of a call, SSO's `code`
 *   and `state`), and path parameters named so (`/setup_account/:key`, `/api/auth/key/:key`,
 *   `/api/paper_test_groups/download/:group_key`), also on pages the server does not route itself
 *   (the web app's `/setup_account/…`, `/invoices/pay/…`);
 * - an error keeps its kind, code and SQL, never the values bound to the SQL (an answer text, an
 *   access code) nor PostgreSQL's `detail` (which quotes the offending value);
 * - should any line name a password, token, access code or answer field, pino writes [redacted].
 */

export const REDACTED = "[redacted]";

/** Query and path parameter names whose values are secrets (or personal answers). */
const SECRET_NAME = /key|token|code|secret|pass|state|sig|auth|session|response|answer/i;

/** Web-app pages (served as index.html, not routed by the server) whose last part is a key. */
const SECRET_PAGES = [/^(\/setup_account\/)[^/]+/, /^(\/invoices\/pay\/)[^/]+/, /^(\/testing\/results\/verified\/)[^/]+/, /^(\/testing\/groups\/(?:alert\/)?)[^/]+/];

/** The URL as logged: secret path parameters and query values replaced by [redacted]. */
export function redactUrl(url: string, routePattern?: string): string {
  const q = url.indexOf("?");
  let pathPart = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? "" : url.slice(q + 1);
  if (routePattern && routePattern.includes(":")) {
    const pattern = routePattern.split("/");
    const parts = pathPart.split("/");
    if (pattern.length === parts.length) {
      pathPart = parts.map((part, i) => (pattern[i].startsWith(":") && SECRET_NAME.test(pattern[i]) ? REDACTED : part)).join("/");
    }
  } else if (!routePattern) {
    for (const page of SECRET_PAGES) pathPart = pathPart.replace(page, `$1${REDACTED}`);
  }
  if (!query) return pathPart;
  const redactedQuery = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent (its value is still judged by the raw name).
      }
      return eq !== -1 && SECRET_NAME.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${pathPart}?${redactedQuery}`;
}

/** A bound-parameter list in a driver's message ("…\nparams: a,b"): values never logged. */
const scrubMessage = (text: string | undefined): string => (text ?? "").replace(/\nparams: [^]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`);

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: LoggedError;
}

/** An error as logged: its kind, code, scrubbed message and stack, and its cause (one level at a time, at most 5). */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: typeof err === "string" ? scrubMessage(err) : "", stack: "" };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const out: LoggedError = { type: e.constructor?.name ?? "Error", message: scrubMessage(e.message), stack: scrubMessage(e.stack) };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Field names pino blanks wherever a line carries them (at the top and two levels down). */
const SECRET_FIELDS = ["password", "password2", "access_code", "accessCode", "token", "secret", "key", "response", "candidate_test_items", "cookie", "authorization", "body", "detail"];
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
  '*["set-cookie"]',
  '*.*["set-cookie"]',
];

/** The longest request id taken from a trusted proxy's X-Request-Id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request id: the one the reverse proxy sent in X-Request-Id when TRUST_PROXY is on (so its
 * access log and ours share one id), else a fresh UUID.
 */
export function requestIdGenerator(trustProxy: boolean): (raw: IncomingMessage) => string {
  return (raw) => {
    const sent = raw.headers["x-request-id"];
    return trustProxy && typeof sent === "string" && REQUEST_ID.test(sent) ? sent : randomUUID();
  };
}

export type LogTarget = boolean | { stream: NodeJS.WritableStream; level?: string } | undefined;

/** Fastify's logger options: the level, the serializers and the redaction above; false for no log. */
export function loggerOptions(config: Pick<Config, "logLevel">, target: LogTarget): FastifyServerOptions["logger"] {
  if (!target) return false;
  return {
    level: config.logLevel,
    ...(typeof target === "object" ? target : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url, req.routeOptions?.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: serializeError,
    },
  };
}
