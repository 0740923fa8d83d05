import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";

/** Answers a page's address: index.html, with what the page needs in it (app.ts: startup/page.ts). */
export type PageSender = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The build's files named by their content's hash. */
const HASHED = /^assets[\\/]/;

/**
 * Unknown paths: with the built single-page app, any GET that asks for a page gets index.html so
 * the browser router takes over; everything else (and every /api path) gets a JSON 404.
 */
export async function installNotFound(app: FastifyInstance, webDist: string | null, pageSender?: (indexHtmlPath: string) => PageSender): Promise<void> {
  const hasWeb = webDist !== null && fs.existsSync(path.join(webDist, "index.html"));
  // preCompressed: the build writes .br and .gz beside each file (packages/web/vite-plugins/precompress.ts);
  // a browser that accepts one gets it, some 4× fewer bytes on a phone's network (issue 26 §3).
  // The build names every file under assets/ by its content's hash (vite.config.ts): a new release
  // has new names, so the browser keeps them for good and asks nothing on the next visit or reload
  // (a test page reloaded mid-test: one revalidation round trip per file otherwise). Anything else
  // (help pictures, index.html) is revalidated.
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => void reply.header("cache-control", HASHED.test(path.relative(webDist, file)) ? "public, max-age=31536000, immutable" : "no-cache"),
    });
  const sendPage = hasWeb && pageSender ? pageSender(path.join(webDist, "index.html")) : null;
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === "GET" && !req.url.startsWith("/api/") && (req.headers.accept ?? "").includes("text/html");
    if (sendPage && wantsPage) return sendPage(req, reply);
    if (hasWeb && wantsPage) return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
    return reply.status(404).send({ message: "Not found.", messageKey: "errors.notFound" });
  });
}
