import { and, desc, eq, inArray } from "drizzle-orm";
import {
  historyMessages,
  historyRoutes,
  scoreText,
  statusText,
  type CandidateTestRecord,
  type HistoryMessage,
  type SearchQuery,
  type TestHistoryItem,
  type TestHistoryPage,
} from "@parlance/contract";
import type { Db } from "../db/client.js";
import {
  assignedTests,
  candidates,
  candidateTests,
  candidateTrackTests,
  healthcareRoles,
  offices,
  tests,
} from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { firstBatchFetched } from "../http/prefetch.js";
import { cancelWindow, iso, isDeletable, liveAssignedTests, statusColumns, statusOf, testDateOf } from "./records.js";
import { candidatesInScope, clientScope, inAccount, type ClientScope, type Scope } from "../auth/scope.js";
import type { DbContext } from "../context.js";
import type { InputOf } from "../http/implement-area.js";
import { parsedSearchQuery } from "../http/validation.js";
import { lookupsOf } from "./search.js";
import { branchesOf, orderedIdsSql, type Cursor, type OrderedRow } from "./order.js";
import { estimatedCount, planOf, SEARCH_TUNING, searchPage, walkedRows } from "./page.js";
import { rowsOf } from "../db/rows.js";

export const historyError = (status: number, name: HistoryMessage) =>
  new HttpError(status, historyMessages[name], `history.messages.${name}`);

/** Every test of one candidate (newest first), with its display status and what may be done with it. */
export async function candidateHistory({ db }: DbContext, anyScope: Scope, { candidate_profile_id: candidateId }: InputOf<typeof historyRoutes.getHistory>): Promise<CandidateTestRecord[]> {
  const scope = clientScope(anyScope);
  const [candidate] = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(candidatesInScope(scope), eq(candidates.id, candidateId)))
    .limit(1);
  if (!candidate) throw historyError(404, "candidateNotFound");
  const rows = await db
    .select({
      ...statusColumns,
      id: assignedTests.id,
      accountTestId: assignedTests.accountTestId,
      trackTestId: assignedTests.candidateTrackTestId,
      trackId: candidateTrackTests.trackId,
      accessCode: assignedTests.accessCode,
      createdAt: assignedTests.createdAt,
      description: tests.description,
      method: tests.method,
      proctorState: candidateTests.proctorState,
      proctorValue: candidateTests.proctorValue,
      useProctorService: assignedTests.useProctorService,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    .leftJoin(candidateTrackTests, eq(candidateTrackTests.id, assignedTests.candidateTrackTestId))
    .where(and(eq(assignedTests.candidateId, candidateId), inAccount(scope, assignedTests), liveAssignedTests))
    .orderBy(desc(assignedTests.createdAt), desc(assignedTests.id));
  const now = new Date();
  return rows.map((r) => {
    const view = statusOf(r, now);
    const window = cancelWindow(r, now);
    return {
      candidate_test_id: r.attemptId,
      assigned_test_id: r.id,
      account_test_id: r.accountTestId,
      candidate_track_id: r.trackId,
      candidate_track_test_id: r.trackTestId,
      state: r.assignedState,
      description: r.description,
      method_short_name: r.method,
      access_code: r.accessCode,
      expired: view.expired,
      expiration: r.expiresAt.toISOString(),
      cancelable: window.cancelable,
      late_cancelable: window.lateCancelable,
      result_state: r.resultState,
      result_value: r.resultValue,
      proctor_state: r.proctorState,
      proctor_value: r.proctorValue,
      is_scheduled: r.scheduledAt !== null,
      datetime: iso(testDateOf(r)),
      // Rescheduling is free while an early cancellation would be.
      can_reschedule: window.cancelable,
      assigned_at: r.createdAt.toISOString(),
      deletable: isDeletable(r),
      uses_proctor_service: r.useProctorService,
      view,
    };
  });
}

/** Columns of a test history item. */
const itemColumns = {
  ...statusColumns,
  id: assignedTests.id,
  candidateId: candidates.id,
  firstName: candidates.firstName,
  lastName: candidates.lastName,
  employeeId: candidates.employeeId,
  healthCareRole: healthcareRoles.name,
  office: offices.name,
  clientNotes: candidates.clientNotes,
  test: tests.description,
  method: tests.method,
  testType: tests.testType,
  requiresLiveProctor: assignedTests.requiresLiveProctor,
  accessCode: assignedTests.accessCode,
  createdAt: assignedTests.createdAt,
  trackId: candidateTrackTests.trackId,
};

/** A test history item's tables: the test, its candidate, attempt, office, role and battery. */
function selectItems(db: Db) {
  return db
    .select(itemColumns)
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    .leftJoin(offices, eq(offices.id, candidates.officeId))
    .leftJoin(healthcareRoles, eq(healthcareRoles.id, candidates.healthCareRoleId))
    .leftJoin(candidateTrackTests, eq(candidateTrackTests.id, assignedTests.candidateTrackTestId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>["execute"]>>[number];

/** The items of these tests (found by a search in scope), in the order of `ids`. */
async function itemsOf(db: Db, ids: number[], now = new Date()): Promise<TestHistoryItem[]> {
  if (ids.length === 0) return [];
  const rows = await selectItems(db).where(inArray(assignedTests.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.filter((id) => byId.has(id)).map((id) => toHistoryItem(byId.get(id)!, now));
}

export function toHistoryItem(r: ItemRow, now = new Date()): TestHistoryItem {
  const view = statusOf(r, now);
  return {
    id: r.id,
    candidateId: r.candidateId,
    candidateName: `${r.firstName} ${r.lastName}`.trim(),
    employeeId: r.employeeId,
    healthCareRole: r.healthCareRole,
    office: r.office,
    clientNotes: r.clientNotes,
    test: r.test,
    method: r.method,
    testType: r.testType,
    requiresLiveProctor: r.requiresLiveProctor,
    accessCode: r.accessCode,
    result: scoreText(view),
    date: iso(testDateOf(r)),
    expiresAt: r.expiresAt.toISOString(),
    expired: view.expired,
    assigned: r.createdAt.toISOString(),
    candidateTrackId: r.trackId,
    view,
  };
}

export async function searchHistory({ db }: DbContext, anyScope: Scope, { query: queryText, page }: InputOf<typeof historyRoutes.search>, tuning = SEARCH_TUNING): Promise<TestHistoryPage> {
  const scope = clientScope(anyScope);
  const query = parsedSearchQuery(queryText);
  const lookups = await lookupsOf(db, scope, query);
  const found = await searchPage(db, scope, query, lookups, page, tuning);
  return { results: await itemsOf(db, found.ids), itemCount: found.itemCount, pageCount: found.pageCount };
}

/** How many ids a download reads at a time, and how many tests it turns into items at a time. */
export const DOWNLOAD_WINDOW = { ids: 5000, items: 500 };

/**
 * Every test of a query, in order, a batch at a time: the ids of the next window of the order
 * after the last row of the one before (keyset), read the way the search reads a page, then
 * their items a batch at a time. A download of any size holds one window of ids and one batch
 * of items in memory.
 */
export async function* historyRows(db: Db, scope: ClientScope, query: SearchQuery, window = DOWNLOAD_WINDOW, tuning = SEARCH_TUNING): AsyncGenerator<TestHistoryItem[]> {
  const lookups = await lookupsOf(db, scope, query);
  // A window reads thousands of tests: the candidates of an indexed term are read once.
  let plan = await planOf(db, scope, query, lookups, await estimatedCount(db, scope, query, lookups), tuning, tuning.candidateSetEstimate >= 0);
  const branches = plan.strategy === "walk" ? await branchesOf(db, scope, query, lookups) : null;
  let after: Cursor | undefined;
  for (;;) {
    const windowSql = orderedIdsSql(scope, query, lookups, plan, branches, { limit: window.ids, after });
    // The first window of a walk within the search's budget: past it, the file is gathered instead (page.ts).
    let rows = plan.strategy === "walk" && !after ? await walkedRows<OrderedRow>(db, windowSql, tuning.walkBudgetMs) : await rowsOf<OrderedRow>(db, windowSql);
    if (!rows) {
      plan = { ...plan, strategy: "gather" };
      rows = await rowsOf<OrderedRow>(db, orderedIdsSql(scope, query, lookups, plan, null, { limit: window.ids }));
    }
    for (let i = 0; i < rows.length; i += window.items) yield await itemsOf(db, rows.slice(i, i + window.items).map((r) => Number(r.id)));
    if (rows.length < window.ids) return;
    const last = rows[rows.length - 1];
    after = { rank: last.rank === null ? null : Number(last.rank), keys: [last.k0 ?? null, last.k1 ?? null], created: last.created, id: Number(last.id) };
  }
}

/** The chosen tests, all in the caller's scope (404 if any is not: nothing is sent then). */
export async function summaryItems(db: Db, scope: ClientScope, ids: number[]): Promise<TestHistoryItem[]> {
  const rows = await selectItems(db).where(and(candidatesInScope(scope), inAccount(scope, assignedTests), liveAssignedTests, inArray(assignedTests.id, ids)));
  if (rows.length !== ids.length) throw historyError(404, "testNotFound");
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = new Date();
  return ids.map((id) => toHistoryItem(byId.get(id)!, now));
}

/** The English status text of an item (downloads). */
export const englishStatus = (item: TestHistoryItem) => statusText(item.view);


/** The test history file of a search: the query is checked and its first batch read before any header goes out. */
export async function historyDownloadRows({ db }: DbContext, scope: Scope, input: InputOf<typeof historyRoutes.file>): Promise<AsyncGenerator<TestHistoryItem[]>> {
  return firstBatchFetched(historyRows(db, clientScope(scope), parsedSearchQuery(input.query)));
}

/** The link of a download: the query is checked now, so a bad one is a 400 here and not a cut file. */
export function historyDownloadLink(scope: Scope, input: InputOf<typeof historyRoutes.download>): { link: string } {
  clientScope(scope);
  parsedSearchQuery(input.query);
  const qs = new URLSearchParams({ query: input.query, format: input.format });
  return { link: `${historyRoutes.file.path}?${qs.toString()}` };
}
