import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  EXPIRING_WITHIN_DAYS,
  OVERVIEW_EVENT_LIMIT,
  PAYMENT_DUE_WITHIN_DAYS,
  RECENT_RESULT_DAYS,
  type OverviewEvent,
  type OverviewEventType,
} from "@parlance/contract";
import type { DbContext } from "../context.js";
import { assignedTests, candidateTests, candidates, invoices, scoringAssignments, tests } from "../db/schema.js";
import { candidatesInScope, clientScope, ownAssignedTests, type Scope } from "../auth/scope.js";
import { invoicesInScope } from "../payments/index.js";
import { describeEvent } from "./describe.js";
import { isCandidateOnly } from "./startup.js";

const DAY_MS = 24 * 60 * 60_000;
const PER_KIND = OVERVIEW_EVENT_LIMIT;
/** Alerts first (what needs doing), then activity. */
const ORDER: readonly OverviewEventType[] = ["scoring_overdue", "payment_due", "test_expiring", "result_received"];

const nameOf = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

function event(type: OverviewEventType, at: Date, subject: string, test: string | null, link: string | null, amountCents: number | null = null): OverviewEvent {
  const e = { type, created_at: at.toISOString(), subject, test, link, amount_cents: amountCents };
  return { ...e, description: describeEvent(e) };
}

/** Results recorded for the scope's candidates in the last days. */
async function resultsReceived({ db }: DbContext, candidatesWhere: SQL, now: Date, linkOf: (candidateId: number) => string | null) {
  const rows = await db
    .select({ at: candidateTests.scoredAt, candidateId: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName, test: tests.description })
    .from(candidateTests)
    .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(and(candidatesWhere, isNull(assignedTests.deletedAt), isNotNull(candidateTests.resultState), gte(candidateTests.scoredAt, new Date(now.getTime() - RECENT_RESULT_DAYS * DAY_MS)), lte(candidateTests.scoredAt, now)))
    .orderBy(desc(candidateTests.scoredAt))
    .limit(PER_KIND);
  return rows.map((r) => event("result_received", r.at!, nameOf(r), r.test, linkOf(r.candidateId)));
}

/** Open tests of the scope's candidates that expire within the next days. */
async function testsExpiring({ db }: DbContext, candidatesWhere: SQL, now: Date, linkOf: (candidateId: number) => string | null) {
  const rows = await db
    .select({ at: assignedTests.expiresAt, candidateId: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName, test: tests.description })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(
      and(
        candidatesWhere,
        isNull(assignedTests.deletedAt),
        eq(assignedTests.hasAttempt, false),
        inArray(assignedTests.state, ["takeable", "needs_scheduling", "needs_payment"]),
        gt(assignedTests.expiresAt, now),
        lte(assignedTests.expiresAt, new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(assignedTests.expiresAt))
    .limit(PER_KIND);
  return rows.map((r) => event("test_expiring", r.at, nameOf(r), r.test, linkOf(r.candidateId)));
}

/** Received tests whose scoring is past due: `where` picks whose (an evaluator's own, a client's candidates', all). */
async function scoringOverdue({ db }: DbContext, where: SQL | undefined, now: Date, link: string | null) {
  const rows = await db
    .select({ at: scoringAssignments.dueAt, firstName: candidates.firstName, lastName: candidates.lastName, test: tests.description })
    .from(scoringAssignments)
    .innerJoin(candidateTests, eq(candidateTests.id, scoringAssignments.candidateTestId))
    .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(and(where, isNull(scoringAssignments.completedAt), lt(scoringAssignments.dueAt, now), isNull(assignedTests.deletedAt)))
    .orderBy(asc(scoringAssignments.dueAt))
    .limit(PER_KIND);
  return rows.map((r) => event("scoring_overdue", r.at, nameOf(r), r.test, link));
}

/** The scope's invoices with a balance that are due within the next days or overdue. */
async function invoicesDue({ db }: DbContext, where: SQL, now: Date) {
  const until = DateTime.fromJSDate(now, { zone: "America/New_York" }).plus({ days: PAYMENT_DUE_WITHIN_DAYS }).toISODate()!;
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, dueDate: invoices.dueDate, balanceCents: invoices.balanceCents })
    .from(invoices)
    .where(and(where, gt(invoices.balanceCents, 0), isNotNull(invoices.dueDate), lte(invoices.dueDate, until)))
    .orderBy(asc(invoices.dueDate))
    .limit(PER_KIND);
  return rows.map((r) => event("payment_due", DateTime.fromISO(r.dueDate!, { zone: "America/New_York" }).toJSDate(), r.number, null, `/invoice/${r.id}`, r.balanceCents));
}

/** A candidate's own tests waiting for payment. */
async function testsToPay({ db }: DbContext, scope: Scope) {
  const rows = await db
    .select({ at: assignedTests.createdAt, test: tests.description, feeCents: assignedTests.feeCents, firstName: candidates.firstName, lastName: candidates.lastName })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(and(ownAssignedTests(scope), isNull(candidates.deletedAt), isNull(assignedTests.deletedAt), eq(assignedTests.state, "needs_payment"), gt(assignedTests.expiresAt, sql`now()`)))
    .orderBy(desc(assignedTests.createdAt))
    .limit(PER_KIND);
  return rows.map((r) => event("payment_due", r.at, nameOf(r), r.test, "/testing/tests", r.feeCents));
}

/**
 * GET /api/overview/events: what the caller's scope has to act on or has just had happen —
 * a client's results received, overdue scoring, expiring tests and invoices due (an office user's
 * office only); a candidate's expiring tests and tests to pay; an evaluator's overdue scoring; a
 * Testing Executive's overdue scoring of everyone. Other staff have none.
 */
export async function overviewEvents(ctx: DbContext, scope: Scope, now = new Date()): Promise<{ events: OverviewEvent[] }> {
  const found: OverviewEvent[][] = [];
  if (scope.kind === "client") {
    const client = clientScope(scope);
    const inScope = candidatesInScope(client);
    const candidateLink = (id: number) => `/testing/candidates/${id}`;
    found.push(
      await resultsReceived(ctx, inScope, now, candidateLink),
      await testsExpiring(ctx, inScope, now, candidateLink),
      await scoringOverdue(ctx, inScope, now, "/testing/candidates/tests"),
    );
    if (client.permissions.has("invoices")) found.push(await invoicesDue(ctx, invoicesInScope(client), now));
  } else if (isCandidateOnly(scope)) {
    const own = and(ownAssignedTests(scope), isNull(candidates.deletedAt))!;
    found.push(await testsExpiring(ctx, own, now, () => "/testing/tests"), await testsToPay(ctx, scope));
  } else if (scope.permissions.has("assignEvaluators")) {
    found.push(await scoringOverdue(ctx, undefined, now, "/testing/results"));
  } else if (scope.permissions.has("results")) {
    found.push(await scoringOverdue(ctx, eq(scoringAssignments.evaluatorUserId, scope.userId), now, "/testing/results"));
  }
  const events = found.flat().sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type) || (a.type === "result_received" ? b.created_at.localeCompare(a.created_at) : a.created_at.localeCompare(b.created_at)));
  return { events: events.slice(0, OVERVIEW_EVENT_LIMIT) };
}
