import { and, eq, sql } from "drizzle-orm";
import { scoringMessages, type scoringParams, type scoringRoutes } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { auditLog } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import type { ServedFile } from "../../http/byte-range.js";
import { audit } from "../../audit/audit.js";
import { findItem, isLimited, isMediaItem, mediaFileAt, mediaFileOf, newestVersion, qtiFile, qtiPlayLimit } from "../../content/read.js";
import { scoreableFor } from "./access.js";
import { scoringContentOf } from "./scoreable-content.js";

/**
 * The files of a test on the scoring page. Images and unlimited recordings play freely. A
 * recording with limited plays is protected test material (the candidate hears it only through a
 * grant): the evaluator unlocks it with grant_audio_access (spec §4 "An evaluator can grant audio
 * access to a question"), which is written to the audit log, and that line is what lets its
 * bytes out to them. Another evaluator's grant does not count.
 */

const GRANT_ACTION = "results.grant_audio";
type ScoringParams = z.output<typeof scoringParams>;

const noSuchFile = () => new HttpError(404, scoringMessages.noAudio, "scoringApi.messages.noAudio");

async function mediaItem(ctx: AppContext, scope: Scope, candidateTestId: number, itemId: string) {
  const s = await scoreableFor(ctx.db, scope, candidateTestId);
  const content = await scoringContentOf(ctx.db, s);
  const item = content ? findItem(content, itemId) : undefined;
  if (!isMediaItem(item)) return { s, item: null, any: item };
  return { s, item, any: item };
}

/** POST grant_audio_access/{id} {item}. */
export async function grantEvaluatorAudio(ctx: AppContext, scope: Scope, { id, item: itemId }: ScoringParams & InputOf<typeof scoringRoutes.grantAudio>) {
  const { s, item, any } = await mediaItem(ctx, scope, id, itemId);
  // A QTI item with a play-limited media interaction is unlocked as a limited recording is.
  const qtiPlays = any ? qtiPlayLimit(any) : null;
  if ((!item || item.kind === "image") && qtiPlays === null) throw new HttpError(400, scoringMessages.noAudio, "scoringApi.messages.noAudio");
  await audit(ctx, { actor: scope, accountId: s.accountId, action: GRANT_ACTION, targetType: "candidate_test", targetId: s.id, details: { item: itemId } });
  return { success: true, message: scoringMessages.audioGranted, item: itemId, plays_allowed: item && item.kind !== "image" ? (item.plays ?? null) : qtiPlays };
}

async function hasGrant(ctx: AppContext, scope: Scope, candidateTestId: number, itemId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, "candidate_test"),
        eq(auditLog.targetId, String(candidateTestId)),
        eq(auditLog.action, GRANT_ACTION),
        eq(auditLog.actorUserId, scope.userId),
        sql`${auditLog.details}->>'item' = ${itemId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** GET media/{id}?item=: the item's bytes for the test's evaluator. */
export async function evaluatorMedia(ctx: AppContext, scope: Scope, { id, item: itemId, file: fileNo }: ScoringParams & InputOf<typeof scoringRoutes.media>): Promise<ServedFile> {
  const { s, item, any } = await mediaItem(ctx, scope, id, itemId);
  const qti = qtiFile(any, fileNo);
  if (qti) {
    if (qti.limited && !(await hasGrant(ctx, scope, s.id, itemId))) throw new HttpError(403, scoringMessages.grantFailure, "scoringApi.messages.grantFailure");
    const versionId = s.contentVersionId ?? (await newestVersion(ctx.db, s.testId));
    const file = versionId === null ? null : await mediaFileAt(ctx.db, versionId, qti.path, qti.audio);
    if (!file) throw noSuchFile();
    return { ...file, limited: qti.limited };
  }
  if (!item) throw noSuchFile();
  const limited = isLimited(item);
  if (limited && !(await hasGrant(ctx, scope, s.id, item.id))) {
    throw new HttpError(403, scoringMessages.grantFailure, "scoringApi.messages.grantFailure");
  }
  const versionId = s.contentVersionId ?? (await newestVersion(ctx.db, s.testId));
  if (versionId === null) throw noSuchFile();
  const file = await mediaFileOf(ctx.db, versionId, item);
  if (!file) throw noSuchFile();
  return { ...file, limited };
}
