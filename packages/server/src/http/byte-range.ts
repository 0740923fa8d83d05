import type { FastifyReply, FastifyRequest } from "fastify";
import type { HttpError } from "./errors.js";

/**
 * One byte range of an HTTP Range header (RFC 9110 §14): "bytes=0-99", "bytes=100-", "bytes=-50".
 * Browsers ask for one range when seeking audio; a list of ranges is answered with the whole file
 * (allowed: a server may ignore Range). Null: no usable Range header, send everything.
 */
export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** A file as a media route sends it. */
export interface ServedFile {
  contentType: string;
  data: Buffer;
  /** A recording with limited plays: never kept by a cache. */
  limited: boolean;
}

/**
 * Answers a media file with Range support (audio seeking) and the cache rules: the test media and
 * the scoring page's media are served the same way. `badRange` is the route's own 416 error.
 */
export function sendBytes(req: FastifyRequest, reply: FastifyReply, file: ServedFile, badRange: () => HttpError): string {
  const size = file.data.length;
  const range = parseRange(req.headers.range, size);
  if (range === "unsatisfiable") {
    reply.header("content-range", `bytes */${size}`);
    throw badRange();
  }
  reply
    .header("content-type", file.contentType)
    .header("accept-ranges", "bytes")
    // Limited recordings must not be replayable from a cache; other files may be kept briefly by this browser only.
    .header("cache-control", file.limited ? "private, no-store" : "private, max-age=300")
    // Opened on its own (an SVG), the file may not run or load anything.
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (range === null) {
    reply.header("content-length", size);
    return file.data as unknown as string;
  }
  reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`).header("content-length", range.end - range.start + 1);
  return file.data.subarray(range.start, range.end + 1) as unknown as string;
}
