import { and, eq, isNull } from "drizzle-orm";
import {
  ADMINISTER_OBJECTIVE_ID,
  ADMINISTER_STATES,
  evaluatorActionMessages,
  LIVE_START_EARLY_MINUTES,
  type AdministerItem,
  type AdministerView,
  type evaluatorActionRoutes,
  type TestContent,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import type { Tx } from "../db/tx.js";
import { assignedTests, candidateTests, itemObjectiveResults, scoringAssignments } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { audit } from "../audit/audit.js";
import { contentOf, newestVersion } from "../content/read.js";
import { finalizeAttempt, lockAttempt, receive, startValues } from "../attempts/index.js";
import { logResult } from "../result-log/index.js";
import { actionError, bookedTest, evaluatorZone, requireActionable, type BookedTest } from "./booked-test.js";

/**
 * Administering a live or video test (evaluators-results-account.md §2 /testing/evaluators/administer,
 * §5 "each item needs a value", §7 administer, submit_objective_scores, get_objective_states). The
 * items are those of the test's content the interpreter conducts (every item but headings); a test
 * without content has one item, the session. Submitting records a value for each item and ends the
 * attempt: received, the assigned test taken, and routed to scoring with this evaluator, who then
 * records the level on the scoring page like any other result.
 */

/** The one item of a test without content. */
export const SESSION_ITEM: AdministerItem = { id: "session", section_name: "", kind: "session", text: "", state_id: null };

async function contentFor(db: Tx, t: BookedTest): Promise<{ versionId: number; content: TestContent } | null> {
  const versionId = t.attemptVersionId ?? (await newestVersion(db, t.testId));
  return versionId === null ? null : { versionId, content: await contentOf(db as Db, versionId) };
}

function itemsOf(content: TestContent | null): AdministerItem[] {
  if (!content) return [SESSION_ITEM];
  const items = content.sections.flatMap((section, i) =>
    section.items
      .filter((item) => item.kind !== "heading")
      .map((item) => ({ id: item.id, section_name: section.title ?? String(i + 1), kind: item.kind, text: "text" in item && item.text ? item.text : "", state_id: null })),
  );
  return items.length ? items : [SESSION_ITEM];
}

async function recordedStates(db: Tx, attemptId: number | null): Promise<Map<string, string>> {
  if (attemptId === null) return new Map();
  const rows = await db
    .select({ itemId: itemObjectiveResults.itemId, stateId: itemObjectiveResults.stateId })
    .from(itemObjectiveResults)
    .where(and(eq(itemObjectiveResults.candidateTestId, attemptId), eq(itemObjectiveResults.objectiveId, ADMINISTER_OBJECTIVE_ID)));
  return new Map(rows.map((r) => [r.itemId, r.stateId]));
}

/** Scores can be recorded from when the candidate can start (LIVE_START_EARLY_MINUTES before the appointment), never days ahead. */
const opensAt = (t: BookedTest) => new Date(t.scheduledAt.getTime() - LIVE_START_EARLY_MINUTES * 60_000);

const states = () => ADMINISTER_STATES.map((s) => ({ id: s.id, name: s.name }));

export async function administerView(ctx: AppContext, scope: Scope, { id }: { id: number }): Promise<AdministerView> {
  const t = await bookedTest(ctx.db, scope, id);
  if (!t.bookedWithMe || t.status === "declined") throw actionError(409, "isDeclined");
  const version = await contentFor(ctx.db, t);
  const recorded = await recordedStates(ctx.db, t.attemptId);
  return {
    candidateTestId: t.id,
    testDescription: t.description,
    candidateName: t.candidateName,
    method: t.method,
    useVideo: t.method === "video",
    datetime: t.scheduledAt.toISOString(),
    timeZone: await evaluatorZone(ctx.db, scope.userId),
    items: itemsOf(version?.content ?? null).map((item) => ({ ...item, state_id: recorded.get(item.id) ?? null })),
    states: states(),
    administered: t.finished,
    opensAt: opensAt(t).toISOString(),
    open: Date.now() >= opensAt(t).getTime(),
  };
}

export async function objectiveStates(ctx: AppContext, scope: Scope, { candidateTestId }: { candidateTestId: number }) {
  await bookedTest(ctx.db, scope, candidateTestId);
  return { objective_states: states() };
}

/** Every item exactly once with a known state; otherwise 400 before anything is written. */
function checkScores(items: AdministerItem[], given: InputOf<typeof evaluatorActionRoutes.submitObjectiveScores>["item_objectives"]) {
  const known = new Set(items.map((i) => i.id));
  const stateIds = new Set<string>(ADMINISTER_STATES.map((s) => s.id));
  const seen = new Map<string, string>();
  for (const g of given) {
    if (!known.has(g.candidate_test_item_id)) throw actionError(400, "unknownItem", { id: g.candidate_test_item_id });
    if (seen.has(g.candidate_test_item_id)) throw actionError(400, "duplicate", { id: g.candidate_test_item_id });
    if (!stateIds.has(g.test_objective_state_id)) throw actionError(400, "unknownState", { state: g.test_objective_state_id });
    seen.set(g.candidate_test_item_id, g.test_objective_state_id);
  }
  if (seen.size !== known.size) throw actionError(400, "selectEachItem");
  return seen;
}

export async function submitObjectiveScores(
  ctx: AppContext,
  scope: Scope,
  { id }: { id: number },
  input: InputOf<typeof evaluatorActionRoutes.submitObjectiveScores>,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const t = await bookedTest(tx, scope, id, true);
    requireActionable(t);
    const version = await contentFor(tx, t);
    const scores = checkScores(itemsOf(version?.content ?? null), input.item_objectives);
    if (now < opensAt(t)) throw actionError(409, "notYetOpen", { minutes: LIVE_START_EARLY_MINUTES });

    // The attempt: the candidate's (a live start) or one made now; the assigned test's row lock
    // keeps a candidate's simultaneous start from making a second.
    if (t.attemptId === null) {
      await tx
        .insert(candidateTests)
        .values(startValues("in_progress", { assignedTestId: t.id, candidateId: t.candidateId, accountId: t.accountId, startedAt: t.scheduledAt, contentVersionId: version?.versionId ?? null }))
        .onConflictDoNothing({ target: candidateTests.assignedTestId });
    }
    const [{ attemptId }] = await tx.select({ attemptId: candidateTests.id }).from(candidateTests).where(eq(candidateTests.assignedTestId, t.id));
    const attempt = await lockAttempt(tx, attemptId);
    if (attempt.state !== "in_progress" || attempt.resultState !== null) throw actionError(409, "alreadyRecorded");
    if (attempt.contentVersionId !== null) {
      await finalizeAttempt(tx, attempt, await contentOf(tx as Db, attempt.contentVersionId), scope, now);
    } else {
      await receive(tx, attempt, { receivedAt: now, submittedAt: now }, null, now);
    }
    // The evaluator who conducted the session scores it.
    await tx
      .update(scoringAssignments)
      .set({ evaluatorUserId: scope.userId, assignedAt: now })
      .where(and(eq(scoringAssignments.candidateTestId, attemptId), isNull(scoringAssignments.completedAt)));
    await tx
      .insert(itemObjectiveResults)
      .values([...scores].map(([itemId, stateId]) => ({ candidateTestId: attemptId, itemId, objectiveId: ADMINISTER_OBJECTIVE_ID, stateId, automatic: false, recordedAt: now })))
      .onConflictDoNothing();
    await tx.update(assignedTests).set({ evaluatorConfirmation: "confirmed" }).where(eq(assignedTests.id, t.id));
    await audit(
      { db: tx as Db },
      { actor: scope, accountId: t.accountId, action: "evaluators.administer", targetType: "candidate_test", targetId: attemptId, details: { assignedTestId: t.id, scores: Object.fromEntries(scores) } },
    );
    await logResult(tx, ctx.config.resultLog, { type: "result.audit", attemptId, at: now, action: "evaluators.administer" });
    return attemptId;
  });
  return { success: true, message: evaluatorActionMessages.administered, messageKey: "evaluatorActions.messages.administered", candidateTestId: result };
}
