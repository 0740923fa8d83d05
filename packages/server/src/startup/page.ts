import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authRoutes, PAGE_READS_ELEMENT_ID, pageFollowUpOf, pageReadsOf, type PagePart, type PageReads } from "@parlance/contract";
import { firstScreensOf } from "./first-screens.js";

/** What the page's own request says of who asks, in what language and through which proxy: its reads say the same. */
const CARRIED_HEADERS = ["cookie", "accept-language", "user-agent", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-real-ip"];

/** Below this an HTML answer goes as it is: compressing it would not save a packet. */
const COMPRESS_FROM_BYTES = 1400;

/**
 * The page's first reads (contract startup/page-plan.ts), made through the app itself with the
 * page request's cookies and address, so each passes the same session, scope, permission and
 * rate checks as the browser's own request would; then the reads their answers lead to (a test in
 * progress: its attempt and sections), and the parts of the screen those answers say it shows.
 * Only a 200 that sets no cookie is kept; anything else the browser asks again and shows as it always has.
 */
export async function pageReadsFor(app: FastifyInstance, req: FastifyRequest): Promise<{ reads: PageReads; parts: PagePart[] }> {
  const { pathname, search } = new URL(req.url, "http://page.invalid");
  const headers: Record<string, string> = { accept: "application/json" };
  for (const name of CARRIED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const reads: PageReads = {};
  const read = async (url: string) => {
    // A read that cannot be made here (the server closing) is the browser's to ask: the page still goes.
    const res = await app.inject({ method: "GET", url, headers, remoteAddress: req.socket.remoteAddress }).catch(() => null);
    if (!res || res.statusCode !== 200 || res.headers["set-cookie"] || !String(res.headers["content-type"]).startsWith("application/json")) return false;
    reads[url] = res.json();
    return true;
  };
  await Promise.all(pageReadsOf(pathname, search).map(read));
  const next = pageFollowUpOf(pathname, reads);
  const made = await Promise.all(next.reads.map(read));
  // A part is named only when all it reads came with the page: otherwise its code is not the first thing the screen needs.
  return { reads, parts: made.every(Boolean) ? next.parts : [] };
}

/** The answers as a script element's text: `<` escaped so that no answer can close the element. */
export function pageReadsElement(reads: PageReads): string {
  const json = JSON.stringify(reads).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PAGE_READS_ELEMENT_ID}">${json}</script>`;
}

/** The answer's language of the startup read, which decides the strings the screen downloads. */
const languageOf = (reads: PageReads) =>
  Object.entries(reads).find(([url]) => url.split("?")[0] === authRoutes.startup.path)?.[1] as { language?: string } | undefined;

/** Text before `marker` (or at the end without it), `insert`, then the rest. */
function insertBefore(html: string, marker: string, insert: string): string {
  const at = html.lastIndexOf(marker);
  return at < 0 ? html + insert : html.slice(0, at) + insert + html.slice(at);
}

/**
 * index.html for a page of the single-page app, with the page's first reads in it and its
 * screen's files named (startup/first-screens.ts). Private to the person who asked (their
 * session's data), so never stored; compressed when the browser accepts it.
 */
export function pageSender(app: FastifyInstance, indexHtmlPath: string) {
  const template = fs.readFileSync(indexHtmlPath, "utf8");
  const screens = firstScreensOf(path.dirname(indexHtmlPath));
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { reads, parts } = await pageReadsFor(app, req);
    const hints = screens.linksFor(new URL(req.url, "http://page.invalid").pathname, languageOf(reads)?.language, parts);
    const html = insertBefore(insertBefore(template, "</head>", hints), "</body>", pageReadsElement(reads));
    reply.type("text/html; charset=utf-8").header("cache-control", "private, no-store").header("vary", "Accept-Encoding");
    const accepts = String(req.headers["accept-encoding"] ?? "");
    if (Buffer.byteLength(html) < COMPRESS_FROM_BYTES) return reply.send(html);
    if (/\bbr\b/.test(accepts))
      return reply.header("content-encoding", "br").send(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(zlib.gzipSync(html));
    return reply.send(html);
  };
}
