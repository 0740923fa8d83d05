import { inArray } from "drizzle-orm";
import {
  ASSIGNED_TEST_VALID_DAYS,
  assignmentMessages,
  NOT_ADMINISTERABLE_NOW,
  parseTestValue,
  PROCTOR_SERVICE_UNSUPPORTED,
  canSelfSchedule,
  TEST_METHOD_LABELS,
  assignmentRoutes,
  type AssignmentMessage,
  type CreateTestsOutput,
  type TestMethod,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import { accounts, assignedTests, candidateTrackTests, candidateTracks, medicalTestSetTests } from "../db/schema.js";
import { clientScope, type Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { createAccessCode, ensureCandidateUser } from "../candidates/index.js";
import { queueMail } from "../mail/outbox.js";
import { assignmentMail } from "./mail.js";

import {
  accountOf,
  activeAccountTests,
  assignmentError,
  availableGroups,
  DAY_MS,
  findCandidate,
  officeOf,
  type AccountTestRow,
} from "./records.js";
/** What create_tests is given: the route's input and its path parameter. */
export type CreateTestsInput = InputOf<typeof assignmentRoutes.createTests> & { candidateProfileId: number };

export interface Planned {
  test: AccountTestRow;
  group: { id: number; description: string } | null;
}

/** Every option rule of both specs, checked against the tests that would be assigned. */
export function checkOptions(
  opts: Omit<CreateTestsInput, "candidateProfileId">,
  account: typeof accounts.$inferSelect,
  methods: Set<TestMethod>,
): void {
  const any = (list: readonly TestMethod[]) => [...methods].some((m) => list.includes(m));
  if (opts.allow_candidate_to_schedule && !opts.notify_candidate) throw assignmentError(422, "notifyRequired");
  if (opts.administer_now && any(NOT_ADMINISTERABLE_NOW)) throw assignmentError(422, "administerNowNotAllowed");
  if (opts.administer_now && opts.allow_candidate_to_schedule) throw assignmentError(422, "administerNowWithScheduling");
  if (opts.use_proctor_service && (!account.usesProctorService || any(PROCTOR_SERVICE_UNSUPPORTED))) throw assignmentError(422, "proctorServiceNotAllowed");
  if (opts.requires_live_proctor && !account.liveProctor) throw assignmentError(422, "liveProctorNotAllowed");
  if (opts.allow_candidate_to_schedule && (!account.allowCandidateScheduling || !canSelfSchedule([...methods], opts.use_proctor_service))) {
    throw assignmentError(422, "selfScheduleNotAllowed");
  }
  if (opts.use_medical_test_recommendations && !account.medicalOption) throw assignmentError(422, "medicalNotAllowed");
}

/**
 * Assigns tests and test groups to a candidate. Each test gets its own access code (the
 * candidate's sign-in for that test), an expiry ASSIGNED_TEST_VALID_DAYS ahead and the account
 * test's fee; a group becomes a battery (candidate track). With notify, one mail lists them all.
 */
export async function createTests(
  ctx: Pick<AppContext, "db" | "jobs" | "config">,
  anyScope: Scope,
  { candidateProfileId: candidateId, ...opts }: CreateTestsInput,
): Promise<CreateTestsOutput> {
  const scope = clientScope(anyScope);
  const { db } = ctx;
  const candidate = await findCandidate(db, scope, candidateId);
  const account = await accountOf(db, scope.accountId);
  if (account.prepay) throw assignmentError(422, "prepayAccount");

  // The office the tests are assigned under: the candidate's, or one the caller may choose.
  const candidateOffice = await officeOf(db, scope, candidate.officeId);
  if (candidateOffice?.isClosed) throw assignmentError(422, "officeClosed");
  let officeId = candidate.officeId;
  if (opts.office_id !== undefined && opts.office_id !== candidate.officeId) {
    const chosen = await officeOf(db, scope, opts.office_id);
    if (!chosen || (scope.officeId !== null && chosen.id !== scope.officeId)) throw assignmentError(404, "officeNotFound");
    // The office chosen, not the candidate's, is the closed one: the message names it (issue 23).
    if (chosen.isClosed) throw assignmentError(422, "chosenOfficeClosed");
    officeId = chosen.id;
  }

  // What the values name: account tests and groups the candidate may be given.
  const values = [...new Set(opts.test_objects)].map((v) => parseTestValue(v));
  if (values.some((v) => v === null)) throw assignmentError(400, "badTestValue");
  const testIds = values.filter((v) => v!.kind === "test").map((v) => v!.id);
  const groupIds = values.filter((v) => v!.kind === "group").map((v) => v!.id);
  const single = await activeAccountTests(db, scope, testIds);
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
  if (opts.use_medical_test_recommendations) {
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
  if (opts.notify_candidate && candidate.email.trim() === "") throw assignmentError(422, "noEmail");

  const state = opts.allow_candidate_to_schedule ? ("needs_scheduling" as const) : ("takeable" as const);
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
          .values({ trackId: track.trackId, accountTestId: p.test.accountTestId, position: track.position++, requiresScheduling: opts.allow_candidate_to_schedule })
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
          notifyCandidate: opts.notify_candidate,
          requiresLiveProctor: opts.requires_live_proctor,
          useProctorService: opts.use_proctor_service,
          administerNow: opts.administer_now,
          allowCandidateToSchedule: opts.allow_candidate_to_schedule,
          useMedicalTestRecommendations: opts.use_medical_test_recommendations,
          expiresAt,
          assignedByUserId: scope.userId,
        })
        .returning({ id: assignedTests.id });
      out.push({ id: row.id, description: p.test.description, method: p.test.method, accessCode, state, candidateTrackId: trackId });
    }
    return out;
  });

  if (opts.notify_candidate) {
    await queueMail(
      ctx,
      assignmentMail({
        to: candidate.email.trim(),
        languageId: candidate.languageId,
        firstName: candidate.firstName,
        accountName: account.name,
        selfScheduling: opts.allow_candidate_to_schedule,
        signInLink: `${ctx.config.publicUrl}/login?use_code=1`,
        expiresAt,
        tests: assigned.map((a) => ({ description: a.description, method: TEST_METHOD_LABELS[a.method], accessCode: a.accessCode })),
      }),
    );
  }
  const message: AssignmentMessage = opts.allow_candidate_to_schedule ? "selfScheduling" : "assigned";
  return { success: true, message: assignmentMessages[message], messageKey: `assignment.messages.${message}`, assigned, notified: opts.notify_candidate };
}

