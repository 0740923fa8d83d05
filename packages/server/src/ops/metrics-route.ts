import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import type { Metrics } from "./metrics.js";
import { clusterMetricsText, inClusterWorker, shareWithPrimary } from "./cluster-metrics.js";

export const METRICS_PATH = "/metrics";

/**
 * Who may read /metrics:
 * - with METRICS_TOKEN set: whoever sends `Authorization: Bearer <METRICS_TOKEN>`; anyone else 401;
 * - without it, in production: nobody (404, as if there were no such path);
 * - without it, outside production: a client on this machine (a loopback address, not through a
 *   proxy: no X-Forwarded-For); anyone else 404.
 */
export type MetricsAccess = "allowed" | "refused" | "hidden";

const digest = (s: string) => createHash("sha256").update(s).digest();

const isLoopback = (address: string | undefined) => !!address && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

export function metricsAccess(config: Pick<Config, "metricsToken" | "production">, req: FastifyRequest): MetricsAccess {
  if (config.metricsToken) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
    // Compared as digests: equal lengths, constant time.
    return m && timingSafeEqual(digest(m[1]), digest(config.metricsToken)) ? "allowed" : "refused";
  }
  if (config.production) return "hidden";
  const local = isLoopback(req.raw.socket?.remoteAddress) && req.headers["x-forwarded-for"] === undefined;
  return local ? "allowed" : "hidden";
}

export function registerMetricsRoute(app: FastifyInstance, config: Config, metrics: Metrics): void {
  const clustered = inClusterWorker();
  if (clustered) shareWithPrimary(metrics.registry);
  app.get(METRICS_PATH, async (req, reply) => {
    reply.header("cache-control", "no-store");
    const access = metricsAccess(config, req);
    if (access === "hidden") return reply.status(404).send({ message: "Not found.", messageKey: "errors.notFound" });
    if (access === "refused") {
      return reply.status(401).header("www-authenticate", 'Bearer realm="metrics"').send({ message: "The metrics need the metrics token (Authorization: Bearer …)." });
    }
    const text = clustered ? await clusterMetricsText() : await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
