import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { HEALTH_PATH, READY_PATH, registerHealthRoutes } from "./health.js";
import { createMetrics } from "./metrics.js";
import { METRICS_PATH, registerMetricsRoute } from "./metrics-route.js";

/**
 * Operations: health checks (/healthz, /readyz), metrics (/metrics) and the request id header.
 * These paths are outside the API contract (not JSON routes of a screen; no session): docs/operations.md.
 */
export const OPS_PATHS: readonly string[] = [HEALTH_PATH, READY_PATH, METRICS_PATH];

export const isOpsPath = (url: string): boolean => OPS_PATHS.includes(url.split("?", 1)[0]);

export function installOps(app: FastifyInstance, ctx: AppContext): void {
  // The request id of every answer, so a report of a failure can name its log lines.
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  const metrics = createMetrics(app, ctx);
  registerHealthRoutes(app, ctx);
  registerMetricsRoute(app, ctx.config, metrics);
}

export { loggerOptions, requestIdGenerator } from "./logging.js";
export { createAdministrator, findAdministrator, listAdministrators, mailActivationLink, type MailOutcome } from "./administrators.js";
