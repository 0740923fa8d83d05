import { desc, eq } from "drizzle-orm";
import { takingMessages, type ContentItem, type TestContent } from "@parlance/contract";
import type { Db } from "../db/client.js";
import type { Tx } from "../db/tx.js";
import { mediaFiles, testContentVersions } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import type { MediaEntry } from "./media.js";

/**
 * Reading stored test content: a version's content (cached), a test's newest version, an item by
 * id, the items in order, and an item's media file. Taking, scoring and the paper PDF read
 * content only through here.
 */

// Content versions never change (import.ts only adds rows), so a version read once can be kept:
// every save validates against the content, and this spares a jsonb read per save. The cache
// belongs to one database handle (tests open several databases in one process, with equal ids).
const contentCaches = new WeakMap<Db, Map<number, TestContent>>();

/** The pinned content. Called outside transactions (on PGlite a second query would wait for the open one). */
export async function contentOf(db: Db, versionId: number): Promise<TestContent> {
  let cache = contentCaches.get(db);
  if (!cache) contentCaches.set(db, (cache = new Map()));
  const cached = cache.get(versionId);
  if (cached) return cached;
  const [row] = await db.select({ content: testContentVersions.content }).from(testContentVersions).where(eq(testContentVersions.id, versionId));
  if (!row) throw new HttpError(422, takingMessages.accessFailure, "taking.messages.accessFailure");
  const content = row.content as TestContent;
  if (cache.size > 500) cache.clear();
  cache.set(versionId, content);
  return content;
}

/** The newest content version of a catalogue test, or null when it has no online content. */
export async function newestVersion(db: Tx, testId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: testContentVersions.id })
    .from(testContentVersions)
    .where(eq(testContentVersions.testId, testId))
    .orderBy(desc(testContentVersions.id))
    .limit(1);
  return row?.id ?? null;
}

export function findItem(content: TestContent, id: string): ContentItem | undefined {
  for (const s of content.sections) for (const item of s.items) if (item.id === id) return item;
  return undefined;
}

/** Every item with its section number (from 1) and question number, in content order. */
export function itemsInOrder(content: TestContent): { item: ContentItem; section: number; number: number | null }[] {
  const out: { item: ContentItem; section: number; number: number | null }[] = [];
  let number = 0;
  content.sections.forEach((s, i) => {
    for (const item of s.items) out.push({ item, section: i + 1, number: item.numbered ? ++number : null });
  });
  return out;
}

/** An item that has a file: an image, a recording or a video. */
export type MediaItem = Extract<ContentItem, { kind: "image" | "audio" | "video" }>;

export const isMediaItem = (item: ContentItem | undefined): item is MediaItem =>
  item !== undefined && (item.kind === "image" || item.kind === "audio" || item.kind === "video");

/** A recording with limited plays: heard only through a grant, never kept by a cache. */
export const isLimited = (item: MediaItem): boolean => item.kind !== "image" && item.plays !== undefined;

/** The stored file of a media item of a content version, or null when it is not stored. */
export async function mediaFileOf(db: Db, versionId: number, item: MediaItem): Promise<{ contentType: string; data: Buffer } | null> {
  const [version] = await db.select({ media: testContentVersions.media }).from(testContentVersions).where(eq(testContentVersions.id, versionId));
  const entry = (version?.media as MediaEntry[] | undefined)?.find((m) => m.path === item.src);
  if (!entry) return null;
  // Content imported before media were stored in the database: the next import stores it.
  const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.sha256, entry.sha256));
  if (!file) return null;
  // The same .webm may be an audio item's: tell the browser it is audio.
  const contentType = item.kind === "audio" ? file.contentType.replace(/^video\//, "audio/") : file.contentType;
  return { contentType, data: file.data };
}

/** A QTI item's media interaction with a play limit: its plays (null: none limited). */
export function qtiPlayLimit(item: ContentItem): number | null {
  if (item.kind !== "qti") return null;
  const m = item.interactions.find((i) => i.kind === "media" && i.max_plays > 0);
  return m && m.kind === "media" ? m.max_plays : null;
}

/** The n-th (from 1) file of a QTI item: its path, whether it is audio, and whether its plays are limited. */
export function qtiFile(item: ContentItem | undefined, n: number | undefined): { path: string; audio: boolean; limited: boolean } | null {
  if (item?.kind !== "qti" || n === undefined) return null;
  const path = item.media[n - 1];
  if (!path) return null;
  const m = item.interactions.find((i) => i.kind === "media" && i.media.src === path);
  return { path, audio: m?.kind === "media" && m.media.kind === "audio", limited: m?.kind === "media" && m.max_plays > 0 };
}

/** A stored file of a content version by its media/… path. */
export async function mediaFileAt(db: Db, versionId: number, path: string, audio: boolean): Promise<{ contentType: string; data: Buffer } | null> {
  const [version] = await db.select({ media: testContentVersions.media }).from(testContentVersions).where(eq(testContentVersions.id, versionId));
  const entry = (version?.media as MediaEntry[] | undefined)?.find((m) => m.path === path);
  if (!entry) return null;
  const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.sha256, entry.sha256));
  if (!file) return null;
  return { contentType: audio ? file.contentType.replace(/^video\//, "audio/") : file.contentType, data: file.data };
}
