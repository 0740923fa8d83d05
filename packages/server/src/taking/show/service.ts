import { eq } from "drizzle-orm";
import { isFeatureEnabled } from "../../admin/index.js";
import { onlinePart, type takingParams, type TestShowView } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { assignedTests, languages, tests } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { contentOf, newestVersion } from "../../content/read.js";
import { heldTest, timeLimitMs } from "../../attempts/index.js";
import { proctorSteps } from "../../proctoring/index.js";
import { ensureExamPassword } from "../../proctoring/index.js";
import { hasActivePhoneCall } from "../../calls/index.js";

/** GET /api/tests/show/{id}: what the prelude of /testing/tests/{id} needs (spec §3 "Tests Show"). */

const DAY_MS = 24 * 3600_000;

/** Whole days left until the expiry: 0 on its last day (and after it). */
export const daysUntil = (expiresAt: Date, now: Date) => Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / DAY_MS));

export async function showTest(ctx: AppContext, scope: Scope, { id }: z.output<typeof takingParams>): Promise<TestShowView> {
  const now = new Date();
  const held = await heldTest(ctx.db, scope, id);
  const [facts] = await ctx.db
    .select({
      accessCode: assignedTests.accessCode,
      scheduledAt: assignedTests.scheduledAt,
      description: tests.description,
      timeLimitMinutes: tests.timeLimitMinutes,
      language: languages.name,
      languageCode: languages.code,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .where(eq(assignedTests.id, id));

  // A started attempt keeps its pinned content; otherwise the content the start would pin.
  const versionId = held.attempt?.contentVersionId ?? (await newestVersion(ctx.db, held.testId));
  const content = versionId === null ? null : await contentOf(ctx.db, versionId);

  // The exam password is issued (and mailed to the proctoring desk) when the test page is first opened.
  const open = held.state === "takeable" && !held.deletedAt && held.expiresAt > now;
  if (open && !held.attempt) await ensureExamPassword(ctx, held);
  const steps = await proctorSteps(ctx.db, held);

  const ivr = held.method === "ivr";
  const attempt = held.attempt;
  // A test that continues by phone (online sections, then a call): its online part's state is the
  // page's; its online part in, the page says not to hang up while the phone part is pending.
  const phoneContinued = held.method === "online" && content?.continues_by_phone === true;
  const phonePartPending = phoneContinued && attempt?.state === "partially_received";
  const started = attempt?.state === "in_progress" && attempt.contentVersionId !== null && (attempt.startedAt !== null || ivr);
  const attemptState = attempt?.state === "received" || phonePartPending ? "received" : started ? "in_progress" : "not_started";
  return {
    accessCode: facts.accessCode,
    // The web call is offered unless the `web_call` feature flag turns it off for this test.
    allowWebIVR: ivr && (await isFeatureEnabled(ctx.db, "web_call", { testId: held.testId })),
    assignedTestId: id,
    callCandidate: ivr,
    date: facts.scheduledAt ? facts.scheduledAt.toISOString() : null,
    description: facts.description,
    expireLength: daysUntil(held.expiresAt, now),
    ivrLanguageOverride: null,
    ivrLocalNumberTwilio: ivr ? ctx.config.voiceLocalNumber : null,
    proctorSignatureNeeded: steps.signatureNeeded,
    showAppleConsent: false,
    sightTranslation: false,
    testMethod: held.method,
    timeLimit: timeLimitMs(facts.timeLimitMinutes, held.adjustments),
    ivrTollFreeNumber: ivr ? ctx.config.voiceTollFreeNumber : null,
    expiresAt: held.expiresAt.toISOString(),
    proctored: steps.proctored,
    proctorPasswordNeeded: steps.passwordNeeded,
    honorStatement: steps.proctored ? "long" : "short",
    phoneContinued,
    phoneCallActive: phoneContinued && (await hasActivePhoneCall(ctx.db, id)),
    phonePartPending,
    groupKey: steps.groupKey,
    attemptState,
    sectionCount: content ? onlinePart(content).sections.length : 0,
    language: facts.language,
    languageCode: facts.languageCode,
  };
}
