import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  ASSIGNED_TEST_VALID_DAYS,
  assignmentMessages,
  NOT_ADMINISTERABLE_NOW,
  parseTestValue,
  PROCTOR_SERVICE_UNSUPPORTED,
  SELF_SCHEDULABLE,
  TEST_METHOD_LABELS,
  testValue,
  type AssignmentMessage,
  type AssignmentOptions,
  type CreateTestsOutput,
  type MedicalTestGroup,
  type TestMethod,
  type TestOption,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import {
  accessCodes,
  accounts,
  accountTests,
  assignedTests,
  candidates,
  candidateTests,
  candidateTrackTests,
  candidateTracks,
  languages,
  medicalTestSets,
  medicalTestSetTests,
  offices,
  testGroups,
  testGroupTests,
  tests,
} from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { audit } from "../audit/audit.js";
import { createAccessCode, ensureCandidateUser } from "../candidates/candidate-user.js";
import { queueMail } from "../mail/outbox.js";
import { cancellationCutoff, cancelWindow, candidatesInScope, isDeletable, type ClientScope } from "../history/records.js";
import { assignmentMail } from "./mail.js";

/** An error whose text is one of the assignment messages, sent with its i18n key. */
export const assignmentError = (status: number, name: AssignmentMessage) =>
  new HttpError(status, assignmentMessages[name], `assignment.messages.${name}`);

type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

const DAY_MS = 24 * 3600_000;

/** The candidate profile, if the caller reaches it (404 otherwise, like a missing one). */
async function findCandidate(db: Tx, scope: ClientScope, id: number) {
  const [row] = await db
    .select()
    .from(candidates)
    .where(and(candidatesInScope(scope), eq(candidates.id, id)))
    .limit(1);
  if (!row) throw assignmentError(404, "candidateNotFound");
  return row;
}

async function accountOf(db: Tx, accountId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw assignmentError(404, "candidateNotFound");
  return row;
}

async function officeOf(db: Tx, accountId: number, officeId: number | null) {
  if (officeId === null) return null;
  const [row] = await db
    .select()
    .from(offices)
    .where(and(eq(offices.accountId, accountId), eq(offices.id, officeId)))
    .limit(1);
  return row ?? null;
}

export async function assignmentOptionsFor(db: Db, scope: ClientScope, candidateId: number): Promise<AssignmentOptions> {
  const candidate = await findCandidate(db, scope, candidateId);
  const account = await accountOf(db, scope.accountId);
  const office = await officeOf(db, scope.accountId, candidate.officeId);
  const choices = await db
    .select({ id: offices.id, name: offices.name })
    .from(offices)
    .where(
      and(
        eq(offices.accountId, scope.accountId),
        eq(offices.isClosed, false),
        scope.officeId === null ? undefined : eq(offices.id, scope.officeId),
      ),
    )
    .orderBy(asc(sql`lower(${offices.name})`), asc(offices.id));
  return {
    candidateId: candidate.id,
    candidateName: `${candidate.firstName} ${candidate.lastName}`.trim(),
    hasEmail: candidate.email.trim() !== "",
    officeId: office?.id ?? null,
    officeName: office?.name ?? null,
    officeClosed: office?.isClosed ?? false,
    offices: choices,
    canChooseOffice: scope.officeId === null,
    account: {
      usesProctorService: account.usesProctorService,
      allowCandidateScheduling: account.allowCandidateScheduling,
      liveProctor: account.liveProctor,
      medicalOption: account.medicalOption,
      prepay: account.prepay,
    },
  };
}

interface AccountTestRow {
  accountTestId: number;
  testId: number;
  description: string;
  method: TestMethod;
  feeCents: number;
}

/** The account's active tests (active in the catalogue too), by account test id. */
async function activeAccountTests(db: Tx, accountId: number, ids?: number[]): Promise<Map<number, AccountTestRow>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({
      accountTestId: accountTests.id,
      testId: tests.id,
      description: tests.description,
      method: tests.method,
      feeCents: accountTests.feeCents,
    })
    .from(accountTests)
    .innerJoin(tests, eq(tests.id, accountTests.testId))
    .where(
      and(
        eq(accountTests.accountId, accountId),
        eq(accountTests.isActive, true),
        eq(tests.isActive, true),
        ids ? inArray(accountTests.id, ids) : undefined,
      ),
    )
    .orderBy(asc(tests.description), asc(accountTests.id));
  return new Map(rows.map((r) => [r.accountTestId, r]));
}

/**
 * Test groups available to a candidate: their office's groups, the account's global groups, and,
 * for a caller who works at account level, the account-level groups too.
 */
function groupsAvailable(scope: ClientScope, candidateOfficeId: number | null) {
  return and(
    eq(testGroups.accountId, scope.accountId),
    or(
      candidateOfficeId === null ? undefined : eq(testGroups.officeId, candidateOfficeId),
      eq(testGroups.isGlobal, true),
      scope.officeId === null ? isNull(testGroups.officeId) : undefined,
    ),
  )!;
}

/** Groups with their assignable tests (in the group's order); groups without any are left out. */
async function availableGroups(db: Tx, scope: ClientScope, candidateOfficeId: number | null, ids?: number[]) {
  if (ids && ids.length === 0) return new Map<number, { description: string; tests: AccountTestRow[] }>();
  const groups = await db
    .select({ id: testGroups.id, description: testGroups.description })
    .from(testGroups)
    .where(and(groupsAvailable(scope, candidateOfficeId), ids ? inArray(testGroups.id, ids) : undefined))
    .orderBy(asc(sql`lower(${testGroups.description})`), asc(testGroups.id));
  const out = new Map<number, { description: string; tests: AccountTestRow[] }>();
  if (groups.length === 0) return out;
  const members = await db
    .select({ groupId: testGroupTests.groupId, accountTestId: testGroupTests.accountTestId })
    .from(testGroupTests)
    .where(
      inArray(
        testGroupTests.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(testGroupTests.position), asc(testGroupTests.accountTestId));
  const testsById = await activeAccountTests(db, scope.accountId, [...new Set(members.map((m) => m.accountTestId))]);
  for (const g of groups) {
    const list = members.filter((m) => m.groupId === g.id && testsById.has(m.accountTestId)).map((m) => testsById.get(m.accountTestId)!);
    if (list.length > 0) out.set(g.id, { description: g.description, tests: list });
  }
  return out;
}

export async function availableTests(db: Db, scope: ClientScope, candidateId: number): Promise<TestOption[]> {
  const candidate = await findCandidate(db, scope, candidateId);
  const single = await activeAccountTests(db, scope.accountId);
  const groups = await availableGroups(db, scope, candidate.officeId);
  return [
    ...[...single.values()].map((t) => ({ label: t.description, value: testValue("test", t.accountTestId), kind: "test" as const, methods: [t.method] })),
    ...[...groups.entries()].map(([id, g]) => ({
      label: g.description,
      value: testValue("group", id),
      kind: "group" as const,
      methods: [...new Set(g.tests.map((t) => t.method))],
    })),
  ];
}

/** Recommended medical sets per language, with only the tests the account offers. */
export async function availableMedicalTestGroups(db: Db, scope: ClientScope, candidateId: number): Promise<MedicalTestGroup[]> {
  await findCandidate(db, scope, candidateId);
  const account = await accountOf(db, scope.accountId);
  if (!account.medicalOption) return [];
  const rows = await db
    .select({
      setId: medicalTestSets.id,
      setLabel: medicalTestSets.label,
      position: medicalTestSets.position,
      languageId: languages.id,
      languageName: languages.name,
      languageCode: languages.code,
      accountTestId: accountTests.id,
      description: tests.description,
      method: tests.method,
      recommended: medicalTestSetTests.isRecommended,
    })
    .from(medicalTestSets)
    .innerJoin(languages, eq(languages.id, medicalTestSets.languageId))
    .innerJoin(medicalTestSetTests, eq(medicalTestSetTests.setId, medicalTestSets.id))
    .innerJoin(tests, and(eq(tests.id, medicalTestSetTests.testId), eq(tests.isActive, true)))
    .innerJoin(accountTests, and(eq(accountTests.testId, tests.id), eq(accountTests.accountId, scope.accountId), eq(accountTests.isActive, true)))
    .orderBy(asc(languages.name), asc(medicalTestSets.position), asc(medicalTestSets.id), sql`${medicalTestSetTests.isRecommended} desc`, asc(tests.description));

  const byLanguage = new Map<number, MedicalTestGroup>();
  for (const r of rows) {
    let group = byLanguage.get(r.languageId);
    if (!group) {
      group = { language_id: r.languageId, language_display_as: r.languageName, language_code: r.languageCode, recommended_test_sets: [] };
      byLanguage.set(r.languageId, group);
    }
    let set = group.recommended_test_sets.find((s) => s.set_id === r.setId);
    if (!set) {
      // Rows come recommended first: the first test of a set is its recommended one (or the first offered).
      set = { set_id: r.setId, label: r.setLabel, value: testValue("test", r.accountTestId), tests: [] };
      group.recommended_test_sets.push(set);
    }
    set.tests.push({ label: r.description, value: testValue("test", r.accountTestId), method: r.method, recommended: r.recommended });
  }
  return [...byLanguage.values()];
}

export interface CreateTestsOptions {
  testObjects: string[];
  officeId?: number;
  notifyCandidate: boolean;
  requiresLiveProctor: boolean;
  useProctorService: boolean;
  administerNow: boolean;
  allowCandidateToSchedule: boolean;
  useMedicalTestRecommendations: boolean;
}

interface Planned {
  test: AccountTestRow;
  group: { id: number; description: string } | null;
}

/** Every option rule of both specs, checked against the tests that would be assigned. */
function checkOptions(
  opts: CreateTestsOptions,
  account: typeof accounts.$inferSelect,
  methods: Set<TestMethod>,
): void {
  const any = (list: readonly TestMethod[]) => [...methods].some((m) => list.includes(m));
  if (opts.allowCandidateToSchedule && !opts.notifyCandidate) throw assignmentError(422, "notifyRequired");
  if (opts.administerNow && any(NOT_ADMINISTERABLE_NOW)) throw assignmentError(422, "administerNowNotAllowed");
  if (opts.administerNow && opts.allowCandidateToSchedule) throw assignmentError(422, "administerNowWithScheduling");
  if (opts.useProctorService && (!account.usesProctorService || any(PROCTOR_SERVICE_UNSUPPORTED))) throw assignmentError(422, "proctorServiceNotAllowed");
  if (opts.requiresLiveProctor && !account.liveProctor) throw assignmentError(422, "liveProctorNotAllowed");
  if (opts.allowCandidateToSchedule && (!account.allowCandidateScheduling || [...methods].some((m) => !SELF_SCHEDULABLE.includes(m)))) {
    throw assignmentError(422, "selfScheduleNotAllowed");
  }
  if (opts.useMedicalTestRecommendations && !account.medicalOption) throw assignmentError(422, "medicalNotAllowed");
}

/**
 * Assigns tests and test groups to a candidate. Each test gets its own access code (the
 * candidate's sign-in for that test), an expiry ASSIGNED_TEST_VALID_DAYS ahead and the account
 * test's fee; a group becomes a battery (candidate track). With notify, one mail lists them all.
 */
export async function createTests(
  ctx: Pick<AppContext, "db" | "jobs" | "config">,
  caller: Caller,
  scope: ClientScope,
  candidateId: number,
  opts: CreateTestsOptions,
): Promise<CreateTestsOutput> {
  const { db } = ctx;
  const candidate = await findCandidate(db, scope, candidateId);
  const account = await accountOf(db, scope.accountId);
  if (account.prepay) throw assignmentError(422, "prepayAccount");

  // The office the tests are assigned under: the candidate's, or one the caller may choose.
  const candidateOffice = await officeOf(db, scope.accountId, candidate.officeId);
  if (candidateOffice?.isClosed) throw assignmentError(422, "officeClosed");
  let officeId = candidate.officeId;
  if (opts.officeId !== undefined && opts.officeId !== candidate.officeId) {
    const chosen = await officeOf(db, scope.accountId, opts.officeId);
    if (!chosen || (scope.officeId !== null && chosen.id !== scope.officeId)) throw assignmentError(404, "officeNotFound");
    if (chosen.isClosed) throw assignmentError(422, "officeClosed");
    officeId = chosen.id;
  }

  // What the values name: account tests and groups the candidate may be given.
  const values = [...new Set(opts.testObjects)].map((v) => parseTestValue(v));
  if (values.some((v) => v === null)) throw assignmentError(400, "badTestValue");
  const testIds = values.filter((v) => v!.kind === "test").map((v) => v!.id);
  const groupIds = values.filter((v) => v!.kind === "group").map((v) => v!.id);
  const single = await activeAccountTests(db, scope.accountId, testIds);
  const groups = await availableGroups(db, scope, candidate.officeId, groupIds);
  if (single.size !== testIds.length || groups.size !== groupIds.length) throw assignmentError(404, "testUnavailable");

  const planned: Planned[] = [];
  for (const v of values) {
    if (v!.kind === "test") planned.push({ test: single.get(v!.id)!, group: null });
    else {
      const g = groups.get(v!.id)!;
      for (const test of g.tests) planned.push({ test, group: { id: v!.id, description: g.description } });
    }
  }
  checkOptions(opts, account, new Set(planned.map((p) => p.test.method)));
  if (opts.useMedicalTestRecommendations) {
    if (groupIds.length > 0) throw assignmentError(422, "notRecommendedSetTest");
    const inSets = await db
      .selectDistinct({ testId: medicalTestSetTests.testId })
      .from(medicalTestSetTests)
      .where(
        inArray(
          medicalTestSetTests.testId,
          planned.map((p) => p.test.testId),
        ),
      );
    if (inSets.length !== new Set(planned.map((p) => p.test.testId)).size) throw assignmentError(422, "notRecommendedSetTest");
  }
  if (opts.notifyCandidate && candidate.email.trim() === "") throw assignmentError(422, "noEmail");

  const state = opts.allowCandidateToSchedule ? ("needs_scheduling" as const) : ("takeable" as const);
  const expiresAt = new Date(Date.now() + ASSIGNED_TEST_VALID_DAYS * DAY_MS);

  const assigned = await db.transaction(async (tx) => {
    const userId = await ensureCandidateUser(tx, candidate.id);
    const out: CreateTestsOutput["assigned"] = [];
    const trackOf = new Map<number, { trackId: number; position: number }>();
    for (const p of planned) {
      let trackTestId: number | null = null;
      let trackId: number | null = null;
      if (p.group) {
        let track = trackOf.get(p.group.id);
        if (!track) {
          const [row] = await tx
            .insert(candidateTracks)
            .values({ accountId: scope.accountId, candidateId: candidate.id, testGroupId: p.group.id, description: p.group.description })
            .returning({ id: candidateTracks.id });
          track = { trackId: row.id, position: 0 };
          trackOf.set(p.group.id, track);
        }
        const [tt] = await tx
          .insert(candidateTrackTests)
          .values({ trackId: track.trackId, accountTestId: p.test.accountTestId, position: track.position++, requiresScheduling: opts.allowCandidateToSchedule })
          .returning({ id: candidateTrackTests.id });
        trackTestId = tt.id;
        trackId = track.trackId;
      }
      const accessCode = await createAccessCode(tx, userId, expiresAt);
      const [row] = await tx
        .insert(assignedTests)
        .values({
          accountId: scope.accountId,
          officeId,
          candidateId: candidate.id,
          accountTestId: p.test.accountTestId,
          testId: p.test.testId,
          candidateTrackTestId: trackTestId,
          accessCode,
          state,
          feeCents: p.test.feeCents,
          notifyCandidate: opts.notifyCandidate,
          requiresLiveProctor: opts.requiresLiveProctor,
          useProctorService: opts.useProctorService,
          administerNow: opts.administerNow,
          allowCandidateToSchedule: opts.allowCandidateToSchedule,
          useMedicalTestRecommendations: opts.useMedicalTestRecommendations,
          expiresAt,
          assignedByUserId: caller.userId,
        })
        .returning({ id: assignedTests.id });
      out.push({ id: row.id, description: p.test.description, method: p.test.method, accessCode, state, candidateTrackId: trackId });
    }
    return out;
  });

  if (opts.notifyCandidate) {
    await queueMail(
      ctx,
      assignmentMail({
        to: candidate.email.trim(),
        languageId: candidate.languageId,
        firstName: candidate.firstName,
        accountName: account.name,
        selfScheduling: opts.allowCandidateToSchedule,
        signInLink: `${ctx.config.publicUrl}/login?use_code=1`,
        expiresAt,
        tests: assigned.map((a) => ({ description: a.description, method: TEST_METHOD_LABELS[a.method], accessCode: a.accessCode })),
      }),
    );
  }
  const message: AssignmentMessage = opts.allowCandidateToSchedule ? "selfScheduling" : "assigned";
  return { success: true, message: assignmentMessages[message], messageKey: `assignment.messages.${message}`, assigned, notified: opts.notifyCandidate };
}

/** One assigned test the caller reaches (through its candidate), with what decides delete and cancel. */
async function findAssignedTest(tx: Tx, scope: ClientScope, id: number, lock: boolean) {
  const query = tx
    .select({
      id: assignedTests.id,
      candidateId: assignedTests.candidateId,
      accessCode: assignedTests.accessCode,
      assignedState: assignedTests.state,
      cancellation: assignedTests.cancellation,
      scheduledAt: assignedTests.scheduledAt,
      method: tests.method,
      description: tests.description,
      feeCents: assignedTests.feeCents,
    })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(and(candidatesInScope(scope), eq(assignedTests.id, id), isNull(assignedTests.deletedAt)));
  const [row] = lock ? await query.for("update", { of: assignedTests }) : await query;
  if (!row) throw assignmentError(404, "testNotFound");
  const [attempt] = await tx.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.assignedTestId, id)).limit(1);
  return { ...row, attemptId: attempt?.id ?? null };
}

/** The access code of a removed or cancelled test signs nobody in any more. */
async function retireAccessCode(tx: Tx, code: string, now: Date) {
  await tx.update(accessCodes).set({ expiresAt: now }).where(eq(accessCodes.code, code));
}

export async function deleteTest(db: Db, caller: Caller, scope: ClientScope, id: number, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const test = await findAssignedTest(tx, scope, id, true);
    if (!isDeletable(test)) throw assignmentError(422, "notDeletable");
    const now = new Date();
    await tx.update(assignedTests).set({ deletedAt: now }).where(eq(assignedTests.id, id));
    await retireAccessCode(tx, test.accessCode, now);
    await audit(
      { db: tx },
      { caller, action: "assignment.delete_test", targetType: "assigned_test", targetId: id, details: { candidateId: test.candidateId, test: test.description }, ip },
    );
  });
}

/**
 * Cancels a scheduled live or video test for the client: before 5 pm Eastern the day before it is
 * an early cancellation and the fees are waived; after that a late one, and the fees stand.
 */
export async function cancelLiveTest(db: Db, caller: Caller, scope: ClientScope, id: number, ip?: string): Promise<"early" | "late"> {
  return db.transaction(async (tx) => {
    const test = await findAssignedTest(tx, scope, id, true);
    const now = new Date();
    const window = cancelWindow(test, now);
    if (!window.cancelable && !window.lateCancelable) throw assignmentError(422, "notCancelable");
    const early = window.cancelable;
    await tx
      .update(assignedTests)
      .set({ state: "cancelled", cancellation: early ? "client_early" : "client_late", cancelledAt: now, ...(early ? { feesWaived: true } : {}) })
      .where(eq(assignedTests.id, id));
    await retireAccessCode(tx, test.accessCode, now);
    await audit(
      { db: tx },
      {
        caller,
        action: "assignment.delete_live_test",
        targetType: "assigned_test",
        targetId: id,
        details: {
          candidateId: test.candidateId,
          test: test.description,
          scheduledAt: test.scheduledAt!.toISOString(),
          cutoff: cancellationCutoff(test.scheduledAt!).toISOString(),
          cancellation: early ? "client_early" : "client_late",
        },
        ip,
      },
    );
    return early ? "early" : "late";
  });
}
