import { ASSIGNED_TEST_VALID_DAYS, TEST_FEES_CENTS, type Cancellation, type CancellationResult } from "@parlance/contract";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "../world.js";
import { ALTA_LEVELS, ALTA_WEIGHTS, APPOINTMENT, metaOf, OPEN, type Outcome } from "./outcomes.js";
import { businessMoment, DAY, HISTORY_DAYS, HOUR, MINUTE, plus, type Rng } from "./random.js";
import type { AssignedValues, AttemptValues, HistoryWorld, PersonState, PlannedTest } from "./types.js";

/** What planning a test reads: the world's ids, the moment the history ends, the seeded generator. */
export interface Planner {
  world: HistoryWorld;
  now: Date;
  rng: Rng;
}

/** The account's own catalogue entry of a test, if the account offers it. */
export const accountTestIdOf = (world: HistoryWorld, account: DemoAccountKey, key: string): number | undefined =>
  world.catalogue.accountTests[world.accounts[account]]?.[key];

// Who assigns: in Boston also the office's own staff; elsewhere the account's.
const assigners = (world: HistoryWorld, account: DemoAccountKey, office: number): number[] =>
  account === "contoso"
    ? [world.users["admin@contoso.example"]]
    : [world.users["admin@northwind.example"], world.users["user@northwind.example"]].concat(
        office === 0 ? [world.users["office.admin@northwind.example"], world.users["office.user@northwind.example"]] : [],
      );

/** One assigned test (and its attempt) of a person of the demo history, from how it turned out. */
export function planTest(
  { world, now, rng }: Planner,
  state: PersonState,
  testKey: string,
  outcome: Outcome,
  opts: { daysAgo?: number; created?: Date; track?: PlannedTest["track"]; accessCode?: string } = {},
): PlannedTest {
  const { person } = state;
  const test = metaOf(testKey);
  const account = DEMO_ACCOUNTS[person.account];
  const atId = accountTestIdOf(world, person.account, testKey);
  if (atId === undefined) throw new Error(`${person.account} does not offer ${testKey}`);
  const kind = outcome.kind;
  const open = OPEN.has(kind);

  const daysAgo =
    opts.daysAgo ??
    (open
      ? rng.int(1, 18)
      : kind === "in_progress"
        ? rng.int(1, 4)
        : kind === "outstanding"
          ? rng.int(3, 10)
          : kind === "received" || kind === "partially_received"
            ? rng.int(5, 16)
            : kind === "expired"
              ? rng.int(40, HISTORY_DAYS)
              : rng.int(25, HISTORY_DAYS));
  const created = opts.created ?? businessMoment(now, -daysAgo, rng);
  let expiresAt = plus(created, ASSIGNED_TEST_VALID_DAYS * DAY);

  const proctorService = test.proctored && account.usesProctorService;
  const administerNow = test.method === "ivr" && !open && kind !== "expired" && rng.chance(0.3);
  const selfScheduled = kind === "needs_scheduling" || kind === "fees_waived" || (APPOINTMENT.includes(test.method) && account.allowCandidateScheduling && rng.chance(0.3));
  const notify = selfScheduled || (state.email !== "" && !administerNow && !(test.method === "paper" && rng.chance(0.5)));
  const complimentary = kind === "takeable" && outcome.complimentary === true;
  const feesWaived = kind === "fees_waived" || (kind === "cancelled" && ["candidate_early", "client_early", "provider"].includes(outcome.cancellation));

  let scheduledAt: Date | null = null;
  let attempt: AttemptValues | undefined;
  let cancellation: Cancellation | null = null;
  let cancellationResult: CancellationResult | null = null;
  let cancelledAt: Date | null = null;
  let deletedAt: Date | null = null;
  let assignedState: AssignedValues["state"] = "taken";

  /** Keeps a moment before now: past the limit it becomes halfway between `after` and now. */
  const beforeNow = (d: Date, after: Date) => (d < now ? d : new Date((after.getTime() + now.getTime()) / 2));
  const took = (): { startedAt: Date; receivedAt: Date } => {
    // Appointments and proctored sessions start at their reservation; other tests when the candidate gets to it.
    const appointment = APPOINTMENT.includes(test.method) || proctorService;
    const latest = Math.max(1, Math.min(10, daysAgo - 3));
    let startedAt = businessMoment(now, -daysAgo + rng.int(appointment ? Math.min(2, latest) : 0, latest), rng);
    if (startedAt <= created) startedAt = plus(created, rng.int(1, 4) * HOUR);
    if (appointment) scheduledAt = startedAt;
    // Paper responses come back by post or courier; the others as the test ends.
    const receivedAt = test.method === "paper" ? plus(startedAt, rng.int(2, 6) * DAY) : plus(startedAt, (test.durationMinutes - rng.int(0, 8)) * MINUTE);
    return { startedAt, receivedAt: beforeNow(receivedAt, startedAt) };
  };
  const result = (receivedAt: Date, values: Partial<AttemptValues>): AttemptValues => ({
    accountId: world.accounts[person.account],
    state: "received",
    receivedAt,
    scoredAt: beforeNow(plus(receivedAt, rng.int(1, 4) * DAY + rng.int(1, 6) * HOUR), receivedAt),
    proctorState: proctorService ? "completed" : null,
    ...values,
  });

  switch (outcome.kind) {
    case "takeable":
      assignedState = "takeable";
      break;
    case "scheduled":
      assignedState = "takeable";
      scheduledAt = businessMoment(now, rng.int(2, 12), rng);
      break;
    case "needs_scheduling":
    case "fees_waived":
      assignedState = "needs_scheduling";
      break;
    case "needs_payment":
      assignedState = "needs_payment";
      break;
    case "expired":
      assignedState = "expired";
      break;
    case "deleted":
      assignedState = "takeable";
      deletedAt = plus(created, rng.int(1, 4) * DAY + rng.int(1, 5) * HOUR);
      break;
    case "in_progress": {
      const startedAt = plus(now, -rng.int(8, 40) * MINUTE);
      attempt = { accountId: world.accounts[person.account], state: "in_progress", startedAt, createdAt: startedAt };
      break;
    }
    case "outstanding": {
      // The paper test was downloaded for the proctor; the responses have not come back.
      const startedAt = plus(created, rng.int(2, 20) * HOUR);
      attempt = { accountId: world.accounts[person.account], state: "outstanding", startedAt, proctorState: proctorService ? "reserved" : null, createdAt: startedAt };
      break;
    }
    case "partially_received": {
      const startedAt = plus(created, DAY + rng.int(1, 5) * HOUR);
      const receivedAt = businessMoment(now, -rng.int(1, 3), rng);
      attempt = { accountId: world.accounts[person.account], state: "partially_received", startedAt, receivedAt, proctorState: proctorService ? "completed" : null, createdAt: startedAt };
      break;
    }
    case "received": {
      const startedAt = businessMoment(now, -rng.int(2, 4), rng);
      if (APPOINTMENT.includes(test.method) || proctorService) scheduledAt = startedAt;
      const receivedAt = plus(startedAt, test.durationMinutes * MINUTE);
      attempt = { accountId: world.accounts[person.account], state: "received", startedAt, receivedAt, proctorState: proctorService ? "completed" : null, createdAt: startedAt };
      break;
    }
    case "scored": {
      const { startedAt, receivedAt } = took();
      const level = outcome.level ?? rng.weighted(ALTA_LEVELS.map((l, i) => [l, ALTA_WEIGHTS[i]] as const));
      attempt = result(receivedAt, { startedAt, resultState: "scored", resultValue: level, createdAt: startedAt });
      break;
    }
    case "not_completed": {
      const { startedAt, receivedAt } = took();
      attempt = result(receivedAt, { startedAt, resultState: "not_completed", resultReason: outcome.reason, createdAt: startedAt });
      // The provider decided the test will not be given again.
      if (outcome.willNotBeGiven) cancellationResult = "will_not_be_given";
      break;
    }
    case "could_not_score": {
      const { startedAt, receivedAt } = took();
      attempt = result(receivedAt, { startedAt, resultState: "could_not_score", resultReason: outcome.reason, createdAt: startedAt });
      break;
    }
    case "no_show": {
      const { startedAt } = took();
      attempt = { accountId: world.accounts[person.account], state: "no_show", proctorState: proctorService ? "no_show" : null, createdAt: startedAt };
      break;
    }
    case "cancelled": {
      assignedState = "cancelled";
      const appointment = businessMoment(now, -daysAgo + rng.int(7, 14), rng);
      scheduledAt = appointment;
      cancellation = outcome.cancellation;
      cancellationResult = outcome.result;
      const late = cancellation === "late" || cancellation === "candidate_late" || cancellation === "client_late";
      cancelledAt = late ? plus(appointment, -rng.int(2, 12) * HOUR) : cancellation === "provider" ? plus(appointment, -rng.int(20, 40) * HOUR) : plus(appointment, -rng.int(2, 5) * DAY);
      break;
    }
  }
  if (scheduledAt !== null && (scheduledAt as Date) >= expiresAt) expiresAt = plus(scheduledAt as Date, DAY);

  const fee = TEST_FEES_CENTS[test.durationMinutes].withNotice;
  const values: AssignedValues = {
    accountId: world.accounts[person.account],
    officeId: world.offices[person.account][person.office],
    accountTestId: atId,
    testId: world.catalogue.tests[testKey],
    state: assignedState,
    complimentary,
    feesWaived,
    feeCents: complimentary || feesWaived ? 0 : fee,
    notifyCandidate: notify,
    requiresLiveProctor: test.proctored && account.liveProctor && test.method === "online" && rng.chance(0.5),
    useProctorService: proctorService,
    administerNow,
    allowCandidateToSchedule: selfScheduled,
    useMedicalTestRecommendations: test.isMedical && rng.chance(0.7),
    scheduledAt,
    scheduledTimeZoneId: scheduledAt ? state.timeZoneId : null,
    expiresAt,
    cancellation,
    cancellationResult,
    cancelledAt,
    assignedByUserId: rng.pick(assigners(world, person.account, person.office)),
    createdAt: created,
    deletedAt,
  };
  const planned: PlannedTest = { candidate: state.index, testKey, values, attempt, track: opts.track, accessCode: opts.accessCode };
  state.tests.push(planned);
  return planned;
}
