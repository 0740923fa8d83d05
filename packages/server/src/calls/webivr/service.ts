import { createHash, randomBytes } from "node:crypto";
import { isFeatureEnabled } from "../../admin/index.js";
import { and, eq, lt } from "drizzle-orm";
import { WEBIVR_TOKEN_SECONDS, webIvrParams, type IvrCallView } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { assignedTests, languages, tests, webIvrTokens } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { heldTest, startRefusal, refuse } from "../../attempts/index.js";
import { assignedTestOfCall, openCallOf } from "../ivr/engine.js";
import { ivrError } from "../ivr/store.js";

/**
 * The web-IVR channel's credentials (candidate spec §7 `GET /api/webivr/candidate_access_token/{id}`):
 * a random token, kept only as its SHA-256, bound to one assigned test and one user, valid for
 * WEBIVR_TOKEN_SECONDS. Every web-IVR request carries it beside the session cookie; the session
 * must still hold the test, and a call id must be a call of that test.
 */

type Params = z.output<typeof webIvrParams>;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The test the session holds, as a phone test that may be called now. */
async function callableTest(ctx: AppContext, scope: Scope, assignedTestId: number) {
  const held = await heldTest(ctx.db, scope, assignedTestId);
  if (held.method !== "ivr") throw ivrError(422, "notIvr");
  // The `web_call` feature flag decides whether this test may be taken by a call from the browser.
  if (!(await isFeatureEnabled(ctx.db, "web_call", { testId: held.testId }))) throw ivrError(422, "webCallOff");
  if (held.attempt?.state === "received") throw refuse("alreadySubmitted");
  const why = startRefusal(held, new Date());
  if (why) throw refuse(why);
  return held;
}

export async function issueToken(ctx: AppContext, scope: Scope, { id }: Params) {
  await callableTest(ctx, scope, id);
  const now = new Date();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + WEBIVR_TOKEN_SECONDS * 1000);
  // This user's spent tokens go as new ones are made: the table stays small without a job.
  await ctx.db.delete(webIvrTokens).where(and(eq(webIvrTokens.userId, scope.userId), lt(webIvrTokens.expiresAt, now)));
  await ctx.db.insert(webIvrTokens).values({ tokenHash: hashOf(token), assignedTestId: id, userId: scope.userId, expiresAt });
  const [facts] = await ctx.db
    .select({ language: languages.code, description: tests.description })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .where(eq(assignedTests.id, id));
  return {
    token,
    expires_at: expiresAt.toISOString(),
    assigned_test_id: id,
    language: facts.language,
    description: facts.description,
    open_call_id: await openCallOf(ctx, id),
  };
}

/**
 * The token opens this test for this person only: another test's token, another person's, an
 * expired one, or a session that no longer holds the test is refused before anything happens.
 */
export async function requireToken(ctx: AppContext, scope: Scope, assignedTestId: number, token: string): Promise<void> {
  const [row] = await ctx.db.select().from(webIvrTokens).where(eq(webIvrTokens.tokenHash, hashOf(token)));
  if (!row || row.assignedTestId !== assignedTestId || row.userId !== scope.userId) throw ivrError(403, "badToken");
  if (row.expiresAt.getTime() <= Date.now()) throw ivrError(403, "tokenExpired");
  await heldTest(ctx.db, scope, assignedTestId);
}

/** As requireToken, and the call must be a call of that test. */
export async function requireCall(ctx: AppContext, scope: Scope, assignedTestId: number, token: string, callId: number): Promise<void> {
  await requireToken(ctx, scope, assignedTestId, token);
  if ((await assignedTestOfCall(ctx, callId)) !== assignedTestId) throw ivrError(404, "noCall");
}

/** Begin Call: the web channel's start, checked as the token's test may be called now. */
export async function beginWebCall(ctx: AppContext, scope: Scope, assignedTestId: number, token: string, start: () => Promise<IvrCallView>) {
  await requireToken(ctx, scope, assignedTestId, token);
  await callableTest(ctx, scope, assignedTestId);
  return start();
}
