import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The security headers (CSP, frame-ancestors, nosniff, referrer policy, HSTS…) are the same for
 * every response, so helmet works them out once at startup and each request only copies them.
 * (@fastify/helmet built helmet's middleware anew for every request, parsing the CSP each time:
 * a few percent of the server's CPU on the autosave path.)
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  let called = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => (called = true));
  if (!called) throw new Error("helmet did not finish synchronously");
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
