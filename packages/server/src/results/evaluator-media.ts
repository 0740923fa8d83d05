import { and, eq, sql } from "drizzle-orm";
import { scoringMessages } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { auditLog, mediaFiles, testContentVersions } from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { audit } from "../audit/audit.js";
import { newestVersion } from "../taking/attempt.js";
import { findItem } from "../taking/view.js";
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
const noSuchFile = () => new HttpError(404, scoringMessages.noAudio, "scoringApi.messages.noAudio");

async function mediaItem(ctx: AppContext, caller: Caller, candidateTestId: number, itemId: string) {
  const s = await scoreableFor(ctx.db, caller, candidateTestId);
  const content = await scoringContentOf(ctx.db, s);
  const item = content ? findItem(content, itemId) : undefined;
  if (!item || (item.kind !== "image" && item.kind !== "audio" && item.kind !== "video")) return { s, item: null };
  return { s, item };
}

/** POST grant_audio_access/{id} {item}. */
export async function grantEvaluatorAudio(ctx: AppContext, caller: Caller, candidateTestId: number, itemId: string, ip?: string) {
  const { s, item } = await mediaItem(ctx, caller, candidateTestId, itemId);
  if (!item || item.kind === "image") throw new HttpError(400, scoringMessages.noAudio, "scoringApi.messages.noAudio");
  await audit(ctx, { caller, accountId: s.accountId, action: GRANT_ACTION, targetType: "candidate_test", targetId: s.id, details: { item: item.id }, ip });
  return { success: true, message: scoringMessages.audioGranted, item: item.id, plays_allowed: item.plays ?? null };
}

async function hasGrant(ctx: AppContext, caller: Caller, candidateTestId: number, itemId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, "candidate_test"),
        eq(auditLog.targetId, String(candidateTestId)),
        eq(auditLog.action, GRANT_ACTION),
        eq(auditLog.actorUserId, caller.userId),
        sql`${auditLog.details}->>'item' = ${itemId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** GET media/{id}?item=: the item's bytes for the test's evaluator. */
export async function evaluatorMedia(ctx: AppContext, caller: Caller, candidateTestId: number, itemId: string) {
  const { s, item } = await mediaItem(ctx, caller, candidateTestId, itemId);
  if (!item) throw noSuchFile();
  const limited = item.kind !== "image" && item.plays !== undefined;
  if (limited && !(await hasGrant(ctx, caller, s.id, item.id))) {
    throw new HttpError(403, scoringMessages.grantFailure, "scoringApi.messages.grantFailure");
  }
  const versionId = s.contentVersionId ?? (await newestVersion(ctx.db, s.testId));
  if (versionId === null) throw noSuchFile();
  const [version] = await ctx.db.select({ media: testContentVersions.media }).from(testContentVersions).where(eq(testContentVersions.id, versionId));
  const entry = (version?.media as { path: string; sha256: string }[] | undefined)?.find((m) => m.path === item.src);
  if (!entry) throw noSuchFile();
  const [file] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.sha256, entry.sha256));
  if (!file) throw noSuchFile();
  const contentType = item.kind === "audio" ? file.contentType.replace(/^video\//, "audio/") : file.contentType;
  return { contentType, data: file.data, limited };
}
