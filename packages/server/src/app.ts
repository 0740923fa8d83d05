import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { AppContext } from "./context.js";
import { installErrorHandler } from "./http/error-handler.js";
import { installSecurityHeaders, securityHeaderOptions } from "./http/security-headers.js";
import { installRequestContext } from "./http/request-context.js";
import { installSaveShedding } from "./taking/save-shedding.js";
import { installNotFound } from "./http/web-app.js";
import { registerApiDocs } from "./http/api-docs.js";
import { implementApi } from "./api-areas.js";
import { installVideoSignalling } from "./video/signalling.js";
import { installOps, loggerOptions, requestIdGenerator } from "./ops/index.js";
import { loadKeyRing } from "./results/index.js";
import { pageSender } from "./startup/index.js";

/** The largest file any upload accepts (a route may set a smaller limit of its own). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export interface BuildOptions {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** The request log (main.ts: stdout at LOG_LEVEL); `stream` sends its lines there instead (tests read them). */
  logger?: boolean | { stream: NodeJS.WritableStream; level?: string };
  onRoute?: (route: { method: string; url: string }) => void;
}

/** Builds the whole HTTP application on a given context; used by main.ts and by the tests. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Redacted: no secret, password, access code or answer reaches a line (ops/logging.ts).
    logger: loggerOptions(ctx.config, opts.logger),
    genReqId: requestIdGenerator(ctx.config.trustProxy),
    // Only behind a proxy we run may X-Forwarded-For name the client (rate limits use it).
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (opts.onRoute) {
    const seen = opts.onRoute;
    app.addHook("onRoute", (r) => {
      for (const method of [r.method].flat()) seen({ method, url: r.url });
    });
  }
  await app.register(cookie);
  await app.register(formbody);
  // File uploads (bulk upload, scanned paper responses): registered once for every route. A route
  // reads its one file with toBuffer(), so a file over the limit is refused with 413, not a 500;
  // a route may ask for a smaller limit of its own (request.file({ limits })).
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 }, throwFileSizeLimit: true });
  installSecurityHeaders(app, securityHeaderOptions(ctx.config));
  installErrorHandler(app);
  // Ahead of the request context: a refused autosave costs no session lookup and no body parse.
  installSaveShedding(app, ctx);
  installRequestContext(app, ctx);
  // /healthz, /readyz, /metrics and the request metrics (docs/operations.md).
  installOps(app, ctx);

  // The credential signing keys: published from memory, so they answer with the database down.
  await loadKeyRing(ctx);
  implementApi(app, ctx);
  // The video rooms' WebSocket (WebRTC signalling between server processes: video/signalling.ts).
  await installVideoSignalling(app, ctx);
  await registerApiDocs(app, ctx.config.publicUrl);

  // A page carries its first reads' answers (startup/page.ts): a round trip less each on a phone.
  await installNotFound(app, opts.serveWeb ? ctx.config.webDist : null, (indexHtml) => pageSender(app, indexHtml));
  return app;
}
