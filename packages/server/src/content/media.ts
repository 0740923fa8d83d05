import path from "node:path";
import fs from "node:fs/promises";
import { createHash } from "node:crypto";
import type { MediaReference } from "@parlance/contract";
import { svgProblem } from "./svg-check.js";

/** Media are sent to candidates on slow connections: anything larger is a mistake in the content. */
export const MAX_MEDIA_BYTES = 2 * 1024 * 1024;

/** What a content version records of each media file it uses. */
export interface MediaEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/** The type a browser is told for each extension (what the media route sends as Content-Type). */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  webp: "image/webp",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  webm: "video/webm",
  mp4: "video/mp4",
};

/** A checked file's bytes, stored by its SHA-256 when the version is stored. */
export interface MediaBytes {
  sha256: string;
  contentType: string;
  data: Buffer;
}

/** The first bytes each file type starts with: a file named .png that is not a PNG is refused. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP",
  ogg: (b) => b.toString("latin1", 0, 4) === "OggS",
  mp3: (b) => b.toString("latin1", 0, 3) === "ID3" || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0),
  m4a: (b) => b.toString("latin1", 4, 8) === "ftyp",
  wav: (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WAVE",
  webm: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
  svg: (b) => /<svg[\s>]/.test(b.toString("utf8", 0, 4096)),
};
SIGNATURES.jpeg = SIGNATURES.jpg;
SIGNATURES.opus = SIGNATURES.ogg;
SIGNATURES.mp4 = SIGNATURES.m4a;


function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Checks each referenced file under <baseDir>/media: it exists, is a regular file of the type its
 * name says, is not empty and is under MAX_MEDIA_BYTES. Returns what a version records of them.
 * `labelDir` is how messages name baseDir (e.g. "content"), to say where a missing file belongs.
 */
export async function checkMedia(baseDir: string, refs: MediaReference[], labelDir: string): Promise<{ media: MediaEntry[]; files: MediaBytes[]; errors: string[] }> {
  const media: MediaEntry[] = [];
  const files: MediaBytes[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    if (seen.has(ref.path)) continue;
    seen.add(ref.path);
    const full = path.join(baseDir, ref.path);
    const stat = await fs.lstat(full).catch(() => null);
    const what = `${ref.path} (item '${ref.itemId}')`;
    if (!stat) {
      errors.push(`${what} is missing: there is no file ${path.posix.join(labelDir, ref.path)}.`);
      continue;
    }
    if (!stat.isFile()) {
      errors.push(`${what} is not a regular file.`);
      continue;
    }
    if (stat.size === 0) {
      errors.push(`${what} is empty.`);
      continue;
    }
    if (stat.size >= MAX_MEDIA_BYTES) {
      errors.push(`${what} is ${formatSize(stat.size)}; a media file must be under ${formatSize(MAX_MEDIA_BYTES)}.`);
      continue;
    }
    const bytes = await fs.readFile(full);
    const ext = ref.path.slice(ref.path.lastIndexOf(".") + 1).toLowerCase();
    if (!SIGNATURES[ext]?.(bytes)) {
      errors.push(`${what} is not a .${ext} file (its contents are of another type).`);
      continue;
    }
    // SVG is a document that can run script when opened on its own: only plain drawings (svg-check.ts).
    if (ext === "svg" && svgProblem(bytes.toString("utf8")) !== null) {
      errors.push(`${what}: an SVG must be a plain drawing, without scripts, event handlers, embedded HTML or outside links.`);
      continue;
    }
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    media.push({ path: ref.path, bytes: stat.size, sha256 });
    files.push({ sha256, contentType: MEDIA_CONTENT_TYPES[ext], data: bytes });
  }
  return { media, files, errors };
}
