import { and, eq } from "drizzle-orm";
import { mediaMessages } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { candidateTestMediaGrants as grants, mediaFiles, testContentVersions } from "../../db/schema.js";
import type { Caller } from "../../http/caller.js";
import { HttpError } from "../../http/errors.js";
import { contentOf, heldTest, requireOpen } from "../attempt.js";
import { findItem } from "../view.js";

/** GET /api/test_content/media/{id}?item=: the file of one item of the caller's open attempt. */

export interface MediaFile {
  contentType: string;
  data: Buffer;
  /** A recording with limited plays: never kept by a cache. */
  limited: boolean;
  sha256: string;
}

const missing = () => new HttpError(404, mediaMessages.notFound, "delivery.notFound");

export async function itemMedia(ctx: AppContext, caller: Caller, id: number, itemId: string): Promise<MediaFile> {
  const { attempt } = await heldTest(ctx.db, caller, id);
  requireOpen(attempt, new Date());
  const item = findItem(await contentOf(ctx.db, attempt.contentVersionId), itemId);
  if (!item || (item.kind !== "image" && item.kind !== "audio" && item.kind !== "video")) throw missing();
  const limited = item.kind !== "image" && item.plays !== undefined;
  if (limited) {
    // A limited recording is heard through grant_audio_access: its bytes only after a play was granted.
    const [g] = await ctx.db
      .select({ used: grants.playsUsed })
      .from(grants)
      .where(and(eq(grants.candidateTestId, attempt.id), eq(grants.itemId, item.id)));
    if (!g || g.used < 1) throw new HttpError(403, mediaMessages.notGranted, "delivery.notGranted");
  }
  const [version] = await ctx.db.select({ media: testContentVersions.media }).from(testContentVersions).where(eq(testContentVersions.id, attempt.contentVersionId));
  const entry = (version?.media as { path: string; sha256: string }[] | undefined)?.find((m) => m.path === item.src);
  if (!entry) throw missing();
  const [file] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.sha256, entry.sha256));
  // Content imported before media were stored in the database: the next import stores it.
  if (!file) throw missing();
  // The same .webm may be an audio item's: tell the browser it is audio.
  const contentType = item.kind === "audio" ? file.contentType.replace(/^video\//, "audio/") : file.contentType;
  return { contentType, data: file.data, limited, sha256: file.sha256 };
}
