import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/**
 * Serves the built single-page app: files from web/dist, and index.html for any other GET that
 * asks for a page, so the browser router takes over. API paths keep their JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, "index.html");
  if (!fs.existsSync(indexFile)) return;
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === "GET" && !req.url.startsWith("/api/") && (req.headers.accept ?? "").includes("text/html");
    if (wantsPage) return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
    return reply.status(404).send({ message: "Not found.", messageKey: "errors.notFound" });
  });
}
