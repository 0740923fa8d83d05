import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { pageCountOf, PROCTORED_TESTS_PAGE_SIZE, proctoredTestMessages, timeZoneById, type ProctoredTest, type ProctoredTestPage, type ProctoredTestsOutput } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { accounts, assignedTests, candidates, candidateTests, proctoringReservations, proctoringReservationTests, tests } from "../../db/schema.js";
import { proctoredBy, type Scope } from "../../auth/scope.js";
import { HttpError } from "../../http/errors.js";
import { contentOf } from "../../content/read.js";
import { statusColumns, statusOf, type StatusRow } from "../../history/index.js";
import { submittedReceipt, type Attempt } from "../../attempts/index.js";

/**
 * A proctor's proctored online tests (contract proctoring/tests.ts): the tests of the live
 * reservations booked with them (auth/scope.ts proctoredBy), newest sitting first, and one such
 * test's page. Someone else's test, a withdrawn one or one of another method answers 404.
 */

const columns = {
  ...statusColumns,
  id: assignedTests.id,
  description: tests.description,
  method: tests.method,
  firstName: candidates.firstName,
  lastName: candidates.lastName,
  accountName: accounts.name,
  sittingAt: proctoringReservations.scheduledAt,
  zoneId: proctoringReservations.timeZoneId,
  durationMinutes: proctoringReservations.durationMinutes,
  journalHead: candidateTests.journalHead,
  /** The rows the whole list has (the same on every row of a page). */
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

/** The proctor's reservations' tests with their candidate, account and attempt: one query to narrow or count. */
function proctored(ctx: AppContext) {
  return ctx.db
    .select(columns)
    .from(proctoringReservationTests)
    .innerJoin(proctoringReservations, eq(proctoringReservations.id, proctoringReservationTests.reservationId))
    .innerJoin(assignedTests, eq(assignedTests.id, proctoringReservationTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(accounts, eq(accounts.id, assignedTests.accountId))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id));
}

/** Online tests only (no other method has an answers file), not withdrawn, of the proctor's live reservations. */
const whereProctored = (scope: Scope, extra?: SQL) => and(proctoredBy(scope), eq(tests.method, "online"), isNull(assignedTests.deletedAt), extra);

type Row = StatusRow & { id: number; description: string; firstName: string; lastName: string; sittingAt: Date; zoneId: number; durationMinutes: number; journalHead: string | null };

function testOf(r: Row, now: Date): ProctoredTest {
  return {
    id: r.id,
    description: r.description,
    candidate_name: `${r.firstName} ${r.lastName}`.trim(),
    starts_at: r.sittingAt.toISOString(),
    time_zone: timeZoneById(r.zoneId).name,
    duration_minutes: r.durationMinutes,
    status: statusOf(r, now),
    uploadable: r.attemptId !== null && r.journalHead !== null,
  };
}

/** GET /api/proctorservice/proctored_tests: a page of the proctor's tests, newest sitting first. */
export async function proctoredTests(ctx: AppContext, scope: Scope, page: number, now = new Date()): Promise<ProctoredTestsOutput> {
  const pageAt = (n: number) =>
    proctored(ctx)
      .where(whereProctored(scope))
      .orderBy(desc(proctoringReservations.scheduledAt), desc(assignedTests.id))
      .limit(PROCTORED_TESTS_PAGE_SIZE)
      .offset((n - 1) * PROCTORED_TESTS_PAGE_SIZE);
  const rows = await pageAt(page);
  // A page past the end has no row to carry the count: the first page's says it.
  const itemCount = rows[0]?.total ?? (page > 1 ? ((await pageAt(1))[0]?.total ?? 0) : 0);
  return { tests: rows.map((r) => testOf(r, now)), page, itemCount, pageCount: pageCountOf(itemCount, PROCTORED_TESTS_PAGE_SIZE) };
}

/** GET /api/proctorservice/proctored_tests/:id: one of them, with what the server holds of its attempt. */
export async function proctoredTestPage(ctx: AppContext, scope: Scope, id: number, now = new Date()): Promise<ProctoredTestPage> {
  const [row] = await proctored(ctx).where(whereProctored(scope, eq(assignedTests.id, id))).limit(1);
  if (!row) throw new HttpError(404, proctoredTestMessages.notFound, "proctoredTests.messages.notFound");
  let answered: number | null = null;
  let receipt: string | null = null;
  if (row.attemptId !== null) {
    const [attempt] = (await ctx.db.select().from(candidateTests).where(eq(candidateTests.id, row.attemptId))) as Attempt[];
    if (attempt.contentVersionId !== null) {
      // The receipt as the Thank You screen and a repeated submit answer it.
      const submitted = await submittedReceipt(ctx.db, attempt, await contentOf(ctx.db, attempt.contentVersionId));
      answered = submitted.answered;
      receipt = attempt.state === "in_progress" ? null : submitted.receipt;
    }
  }
  return { ...testOf(row, now), account_name: row.accountName, answered, receipt };
}
