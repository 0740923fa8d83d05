import { createInflateRaw } from "node:zlib";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { HttpError } from "../http/errors.js";
import { refuse } from "./refusal.js";

/**
 * The zip under a workbook: its central directory read from the upload's bytes, and one entry at
 * a time inflated as a stream into a SAX parser (xlsx-stream.ts reads the sheet with it).
 */

/** What a workbook may unpack to at most: a 20 MB upload of text is far below it; a zip bomb is not. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 2_000;

/** Plain names (prefixes kept as written), no position tracking: the fastest of saxes's modes. */
export type Parser = SaxesParser<{ xmlns: false; position: false }>;
export const newParser = (): Parser => new SaxesParser({ xmlns: false, position: false });


export interface ZipEntry {
  method: number;
  compressed: number;
  declared: number;
  start: number;
}

/** The zip's entries by name, every header checked against the bytes (a renamed binary or a lying archive is refused). */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) throw refuse("notXlsx");
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse("notXlsx");
  const count = buf.readUInt16LE(eocd + 10);
  if (count > MAX_ENTRIES) throw refuse("tooLargeUnpacked");
  let at = buf.readUInt32LE(eocd + 16);
  let declaredTotal = 0;
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw refuse("notXlsx");
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const declared = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if (at + 46 + nameLength > buf.length) throw refuse("notXlsx");
    const name = buf.toString("utf8", at + 46, at + 46 + nameLength);
    declaredTotal += declared;
    if (declaredTotal > MAX_UNPACKED_BYTES) throw refuse("tooLargeUnpacked");
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw refuse("notXlsx");
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw refuse("notXlsx");
    if (method !== 0 && method !== 8) throw refuse("notXlsx");
    if (method === 0 && compressed !== declared) throw refuse("notXlsx");
    entries.set(name, { method, compressed, declared, start });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/**
 * What is left of what a workbook may use, shared by the entries read: unpacked bytes, and
 * milliseconds in the XML parser (the CPU a file costs: a sheet of junk that stays under the byte
 * budget is stopped after a few seconds, issue 24).
 */
export interface Budget {
  left: number;
  parseMs: number;
}

/** Parser time a workbook may take: a 100,000-row file takes about 2 s on the machine of issue 24. */
export const MAX_PARSE_MS = 8_000;

/**
 * An entry's text a piece at a time: inflated as a stream, stopped (refused) once it passes its
 * declared size or the workbook's budget, so a lying entry never fills the memory.
 */
async function* entryText(buf: Buffer, entry: ZipEntry, budget: Budget): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  const raw = buf.subarray(entry.start, entry.start + entry.compressed);
  let produced = 0;
  const take = (piece: Buffer) => {
    produced += piece.length;
    budget.left -= piece.length;
    if (produced > entry.declared || budget.left < 0) throw refuse("tooLargeUnpacked");
    return decoder.decode(piece, { stream: true });
  };
  if (entry.method === 0) {
    for (let at = 0; at < raw.length; at += 1024 * 1024) yield take(raw.subarray(at, at + 1024 * 1024));
  } else {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    inflate.end(raw);
    try {
      for await (const piece of inflate) yield take(piece as Buffer);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw refuse("notXlsx");
    } finally {
      inflate.destroy();
    }
  }
  if (produced !== entry.declared) throw refuse("notXlsx");
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Feeds an entry to a SAX parser; `each` runs after every piece (to hand on what it found). */
export async function* parsed(buf: Buffer, entry: ZipEntry, budget: Budget, parser: Parser, each: () => Generator<unknown[]>): AsyncGenerator<unknown[]> {
  let failed: Error | null = null;
  parser.on("error", (err) => {
    failed ??= err;
  });
  for await (const text of entryText(buf, entry, budget)) {
    const start = performance.now();
    parser.write(text);
    budget.parseMs -= performance.now() - start;
    if (failed) throw refuse("notXlsx");
    if (budget.parseMs < 0) throw refuse("tooSlow");
    yield* each();
  }
  parser.close();
  if (failed) throw refuse("notXlsx");
  yield* each();
}

/** A small XML entry's tags (workbook, relationships): read whole, they are a few kilobytes. */
export async function tagsOf(buf: Buffer, entry: ZipEntry, budget: Budget, local: string | string[]): Promise<SaxesTagPlain[]> {
  const names = typeof local === "string" ? [local] : local;
  const parser = newParser();
  const found: SaxesTagPlain[] = [];
  parser.on("opentag", (tag) => {
    if (names.some((n) => tag.name === n || tag.name.endsWith(`:${n}`))) found.push(tag);
  });
  for await (const _ of parsed(buf, entry, budget, parser, function* () {})) void _;
  return found;
}

export const attr = (tag: SaxesTagPlain, name: string): string | undefined => {
  const v = tag.attributes[name] ?? Object.entries(tag.attributes).find(([k]) => k.endsWith(`:${name}`))?.[1];
  return typeof v === "string" ? v : undefined;
};

/** A relationship target → the zip entry's name (relative to xl/, or absolute from the root). */
export const entryName = (target: string) => (target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`);

