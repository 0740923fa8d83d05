import { and, eq } from "drizzle-orm";
import { mediaMessages, onlinePart, type takingMediaRoutes, type takingParams } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { candidateTestMediaGrants as grants } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import type { ServedFile } from "../../http/byte-range.js";
import { contentOf, findItem, isLimited, isMediaItem, mediaFileAt, mediaFileOf, qtiFile } from "../../content/read.js";
import { heldTest, requireOpen } from "../../attempts/index.js";

/** GET /api/test_content/media/{id}?item=: the file of one item of the session's open attempt. */

const missing = () => new HttpError(404, mediaMessages.notFound, "delivery.notFound");

export async function itemMedia(
  ctx: AppContext,
  scope: Scope,
  { id, item: itemId, file: fileNo }: z.output<typeof takingParams> & InputOf<typeof takingMediaRoutes.media>,
): Promise<ServedFile> {
  const { attempt } = await heldTest(ctx.db, scope, id);
  requireOpen(attempt, new Date());
  // A test that continues by phone: the recordings of its phone sections play on the call, not here.
  const item = findItem(onlinePart(await contentOf(ctx.db, attempt.contentVersionId)), itemId);
  // A QTI item's image, recording or video: the n-th of its files.
  const qti = qtiFile(item, fileNo);
  if (!isMediaItem(item) && !qti) throw missing();
  const limited = qti ? qti.limited : isMediaItem(item) && isLimited(item);
  if (limited) {
    // A limited recording is heard through grant_audio_access: its bytes only after a play was granted.
    const [g] = await ctx.db
      .select({ used: grants.playsUsed })
      .from(grants)
      .where(and(eq(grants.candidateTestId, attempt.id), eq(grants.itemId, itemId)));
    if (!g || g.used < 1) throw new HttpError(403, mediaMessages.notGranted, "delivery.notGranted");
  }
  const file = qti ? await mediaFileAt(ctx.db, attempt.contentVersionId, qti.path, qti.audio) : isMediaItem(item) ? await mediaFileOf(ctx.db, attempt.contentVersionId, item) : null;
  if (!file) throw missing();
  return { ...file, limited };
}
