import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { chooseAccountParams, ChooseAccountView, TestListEntry, TestListView } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { accounts, assignedTests, candidateTests, candidates, offices, tests } from "../../db/schema.js";
import { ownAssignedTests, type Scope } from "../../auth/scope.js";
import { testNotFound } from "../../attempts/index.js";
import { classify, entryHref, isAppointmentMethod, startWindow, type ListName } from "./classify.js";

/** The Take a Test list and Choose Employer: the logic behind GET /api/tests/list and /api/tests/choose_account/:ids. */

/** The session's assigned tests over all its candidate profiles (one per employer), with what the lists need. */
async function heldTests(ctx: AppContext, scope: Scope, extra?: SQL) {
  return ctx.db
    .select({
      id: assignedTests.id,
      candidateId: assignedTests.candidateId,
      allowCandidateToSchedule: assignedTests.allowCandidateToSchedule,
      useProctorService: assignedTests.useProctorService,
      state: assignedTests.state,
      scheduledAt: assignedTests.scheduledAt,
      expiresAt: assignedTests.expiresAt,
      createdAt: assignedTests.createdAt,
      accountId: assignedTests.accountId,
      accountName: accounts.name,
      officeId: assignedTests.officeId,
      officeName: offices.name,
      testId: assignedTests.testId,
      description: tests.description,
      method: tests.method,
      durationMinutes: tests.durationMinutes,
      timeLimitMinutes: tests.timeLimitMinutes,
      attemptId: candidateTests.id,
      attemptState: candidateTests.state,
    })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(accounts, eq(accounts.id, assignedTests.accountId))
    .leftJoin(offices, eq(offices.id, assignedTests.officeId))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    // Scope: the session's own profiles only (an access code: its one test); a deleted profile or a withdrawn test no longer lists.
    .where(and(ownAssignedTests(scope), isNull(candidates.deletedAt), isNull(assignedTests.deletedAt), extra))
    .orderBy(assignedTests.id);
}
type Held = Awaited<ReturnType<typeof heldTests>>[number];

function entryOf(r: Held, list: ListName, now: Date): TestListEntry {
  const window = isAppointmentMethod(r.method) ? startWindow(r) : null;
  return {
    assignedTestId: r.id,
    candidateTestId: r.attemptId,
    testAt: r.scheduledAt?.toISOString() ?? null,
    testDescription: r.description,
    testMethod: r.method,
    durationMinutes: r.durationMinutes,
    timeLimitMinutes: r.timeLimitMinutes,
    accountName: r.accountName,
    officeName: r.officeName,
    expiresAt: r.expiresAt.toISOString(),
    // An online test whose phone part is still to come (it continues by phone) is in progress too.
    inProgress: r.attemptState === "in_progress" || (r.attemptState === "partially_received" && r.method === "online"),
    startsNow: window !== null && window.opensAt <= now && now < window.closesAt,
    // Only a test left to the candidate links to a scheduling screen: a proctor-service test to the
    // proctoring reservation, a live or video test to the schedule-test screen. Others (their
    // administrator schedules them) have no link, and the screen says to contact the organisation.
    href:
      list === "schedulable" && r.useProctorService && r.allowCandidateToSchedule
        ? `/testing/proctor/schedule/${r.candidateId}?assigned_tests=${r.id}`
        : entryHref(list, { ...r, candidateId: r.allowCandidateToSchedule && isAppointmentMethod(r.method) ? r.candidateId : undefined }, r.id),
    assignedTestIds: [r.id],
    accountNames: [r.accountName],
  };
}

/**
 * The same catalogue test, not started, takeable from two or more employers: one entry that opens
 * Choose Employer. Tests in progress and appointments stay apart (each is one particular session).
 */
function mergeEmployers(entries: { row: Held; entry: TestListEntry }[]): TestListEntry[] {
  const keyOf = (x: { row: Held; entry: TestListEntry }) => (!x.entry.inProgress && !x.row.scheduledAt && !isAppointmentMethod(x.row.method) ? x.row.testId : null);
  const groups = new Map<number, { row: Held; entry: TestListEntry }[]>();
  for (const x of entries) {
    const key = keyOf(x);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  const out: TestListEntry[] = [];
  const merged = new Set<number>();
  for (const x of entries) {
    const key = keyOf(x);
    const group = key === null ? [] : groups.get(key)!;
    if (key === null || new Set(group.map((g) => g.row.accountId)).size < 2) {
      out.push(x.entry);
      continue;
    }
    if (merged.has(key)) continue;
    merged.add(key);
    const ids = group.map((g) => g.row.id);
    out.push({
      ...x.entry,
      // The soonest expiry is the one the candidate must mind.
      expiresAt: group.map((g) => g.entry.expiresAt).sort()[0],
      href: `/testing/tests/choose_account/${ids.join(",")}`,
      assignedTestIds: ids,
      accountNames: group.map((g) => g.row.accountName),
    });
  }
  return out;
}

const byTime = (key: (e: TestListEntry) => string | null, desc = false) => (a: TestListEntry, b: TestListEntry) => {
  const x = key(a) ?? a.expiresAt;
  const y = key(b) ?? b.expiresAt;
  return (x < y ? -1 : x > y ? 1 : a.assignedTestId - b.assignedTestId) * (desc ? -1 : 1);
};

/** GET /api/tests/list. */
export async function listTests(ctx: AppContext, scope: Scope): Promise<TestListView> {
  const now = new Date();
  const rows = await heldTests(ctx, scope);
  const lists: Record<ListName, { row: Held; entry: TestListEntry }[]> = { takable: [], upcoming: [], schedulable: [], purchasable: [], missed: [] };
  for (const row of rows) {
    const list = classify(row, now);
    if (list) lists[list].push({ row, entry: entryOf(row, list, now) });
  }
  const plain = (list: ListName) => lists[list].map((x) => x.entry);
  const listed = Object.values(lists).flat();
  const offices = new Map(listed.flatMap((x) => (x.row.officeId !== null && x.row.officeName !== null ? [[x.row.officeId, x.row.officeName] as const] : [])));
  return {
    takableTests: mergeEmployers(lists.takable).sort(byTime(() => null)),
    upcomingTests: plain("upcoming").sort(byTime((e) => e.testAt)),
    schedulableTests: plain("schedulable").sort(byTime(() => null)),
    purchasableTests: plain("purchasable").sort(byTime(() => null)),
    missedTests: plain("missed").sort(byTime((e) => e.testAt, true)),
    offices: [...offices].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * GET /api/tests/choose_account/:ids: the employers of these assigned tests. Every id must be one
 * of the caller's (else 404, as for a missing one); those no longer takable are left out.
 */
export async function chooseAccount(ctx: AppContext, scope: Scope, { ids }: z.output<typeof chooseAccountParams>): Promise<ChooseAccountView> {
  const now = new Date();
  const rows = await heldTests(ctx, scope, inArray(assignedTests.id, ids));
  if (rows.length !== ids.length) throw testNotFound();
  const open = rows.filter((r) => classify(r, now) === "takable" && r.attemptState === null && !isAppointmentMethod(r.method) && !r.scheduledAt);
  if (open.length === 0) throw testNotFound();
  return {
    employers: open.map((r) => ({
      assignedTestId: r.id,
      testDescription: r.description,
      testMethod: r.method,
      accountName: r.accountName,
      officeName: r.officeName,
      assignedAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      href: `/testing/tests/${r.id}`,
    })),
  };
}
