import { createHash, randomBytes } from "node:crypto";
import { isFeatureEnabled } from "../admin/index.js";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { VIDEO_SOCKET_PATH, VIDEO_TOKEN_TTL_SECONDS, videoMessages, type VideoAccessToken, type VideoMessage, type VideoRole } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Scope } from "../auth/scope.js";
import { videoAccessTokens } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { heldTest } from "../attempts/index.js";
import { bookedTest } from "../evaluator-schedule/index.js";
import { iceServersFor } from "./ice-servers.js";

/**
 * Who may enter a video test's room, and the tokens that let them (candidate-testing.md §7,
 * evaluators-results-account.md §7, DESIGN.md §5 "a video token is bound to one test and one
 * person, and expires"). The candidate: their own video test, once started (a video test joins
 * its room at test start). The evaluator: a video test booked with them and not yet administered,
 * marked no-show or scored. Anyone else's request is 404, like a test that does not exist.
 */

const videoError = (status: number, key: VideoMessage) => new HttpError(status, videoMessages[key], `video.messages.${key}`);

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

async function candidateMayJoin(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  const held = await heldTest(ctx.db, scope, id).catch(() => null);
  if (!held || held.deletedAt || held.method !== "video") throw videoError(404, "notFound");
  // The `video` feature flag may turn this test's room off: the interpreter calls instead.
  if (!(await isFeatureEnabled(ctx.db, "video", { testId: held.testId }))) throw videoError(409, "roomOff");
  const attempt = held.attempt;
  if (!attempt || attempt.contentVersionId === null) {
    if (attempt && attempt.state !== "in_progress") throw videoError(409, "finished");
    throw videoError(409, "notStarted");
  }
  if (attempt.state !== "in_progress" || held.state === "taken") throw videoError(409, "finished");
}

async function evaluatorMayJoin(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  const booked = await bookedTest(ctx.db, scope, id).catch(() => null);
  if (!booked || !booked.bookedWithMe || booked.status === "declined" || booked.method !== "video") throw videoError(404, "notFound");
  if (booked.finished) throw videoError(409, "finished");
  if (!(await isFeatureEnabled(ctx.db, "video", { testId: booked.testId }))) throw videoError(409, "roomOff");
}

/** GET /api/videos/{candidate,evaluator}_access_token/{id}: a token for this room and this person, for a few minutes, once. */
export async function issueVideoToken(ctx: AppContext, scope: Scope, id: number, role: VideoRole): Promise<VideoAccessToken> {
  if (role === "candidate") await candidateMayJoin(ctx, scope, id);
  else await evaluatorMayJoin(ctx, scope, id);
  const now = new Date();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + VIDEO_TOKEN_TTL_SECONDS * 1000);
  // Tokens past their time are worth nothing: each issue clears those of the last hour and before.
  await ctx.db.delete(videoAccessTokens).where(lt(videoAccessTokens.expiresAt, new Date(now.getTime() - 3_600_000)));
  await ctx.db.insert(videoAccessTokens).values({ tokenHash: hashOf(token), assignedTestId: id, userId: scope.userId, role, expiresAt });
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    role,
    assignedTestId: id,
    socketPath: `${VIDEO_SOCKET_PATH}/${id}?token=${encodeURIComponent(token)}`,
    iceServers: iceServersFor(ctx.config.video, `${role}-${scope.userId}`, now),
  };
}

/**
 * The WebSocket's check: the token must be this room's, this session's person's, unspent and in
 * time; it is spent by the same statement, so it joins once even if sent twice at the same moment.
 * Null when any of that fails.
 */
export async function spendVideoToken(ctx: Pick<AppContext, "db">, token: string, assignedTestId: number, userId: number): Promise<{ role: VideoRole } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .update(videoAccessTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(videoAccessTokens.tokenHash, hashOf(token)),
        eq(videoAccessTokens.assignedTestId, assignedTestId),
        eq(videoAccessTokens.userId, userId),
        isNull(videoAccessTokens.usedAt),
        gt(videoAccessTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ role: videoAccessTokens.role });
  return row ? { role: row.role as VideoRole } : null;
}
