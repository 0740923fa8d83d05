import { sql } from "drizzle-orm";
import {
  ASSIGNED_TEST_VALID_DAYS,
  Role,
  TEST_FEES_CENTS,
  type Cancellation,
  type CancellationResult,
  type COULD_NOT_SCORE_REASONS,
  type NOT_COMPLETED_REASONS,
  type TestMethod,
} from "@parlance/contract";
import type { Db } from "../db/client.js";
import {
  accessCodes,
  assignedTests,
  candidates,
  candidateTests,
  candidateTrackTests,
  candidateTracks,
  resultRecipients,
  testGroups,
  testGroupTests,
  users,
} from "../db/schema.js";
import { newAccessCode } from "../candidates/candidate-user.js";
import { DEMO_TESTS, type CatalogueIds } from "./catalogue.js";
import { CHALLENGE_QUESTIONS, DEMO_PEOPLE, MEDICAL_POOLS, OFFICE_PLACES, TEST_POOLS, type DemoPerson } from "./people.js";
import { DEMO_ACCESS_CODE, DEMO_ACCOUNTS, type DemoAccountKey } from "./world.js";

/**
 * The demo history: test groups, result recipients, and candidates of every office with 18 months
 * of assigned tests, attempts, results and batteries, so that every screen of client
 * administration has something true to show. Every display status, score text, not-completed and
 * could-not-score reason and cancellation result of contract/history/display-status.ts occurs at
 * least once (history.api.test.ts checks it).
 *
 * planDemoHistory is pure and deterministic (a seeded generator, dates relative to `now`); only
 * the access codes are random, as real ones must be. seedDemoHistory inserts the plan in a few
 * bulk statements, because every API test file seeds the world.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The ALTA scale the results are given in (evaluators-results-account.md: levels 1 to 12+). */
export const ALTA_LEVELS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12+"] as const;
/** How often each level occurs among employees tested for bilingual work: most land in 6 to 9. */
const ALTA_WEIGHTS = [1, 2, 3, 5, 7, 10, 13, 14, 11, 8, 5, 3];

/** What seedDemoWorld knows before the history: the ids the history refers to. */
export interface HistoryWorld {
  accounts: Record<DemoAccountKey, number>;
  offices: Record<DemoAccountKey, number[]>;
  users: Record<string, number>;
  catalogue: CatalogueIds;
}

export interface DemoHistoryIds {
  /** Candidate profile ids by "First Last" (middle names left out). */
  candidates: Record<string, number>;
  /** The demo candidate's two profiles (one user, two employers: the Choose Employer case). */
  demoCandidate: { northwind: number; contoso: number };
  /** Test group ids by description. */
  testGroups: Record<string, number>;
  /** Result recipient ids by email. */
  resultRecipients: Record<string, number>;
  /** Battery (candidate track) ids by the candidate's "First Last". */
  tracks: Record<string, number>;
}

export const emptyHistoryIds = (): DemoHistoryIds => ({ candidates: {}, demoCandidate: { northwind: 0, contoso: 0 }, testGroups: {}, resultRecipients: {}, tracks: {} });

// ------------------------------------------------------------------------------------------------
// Deterministic randomness and dates
// ------------------------------------------------------------------------------------------------

/** mulberry32: a small seeded generator, so the demo world is the same at every seeding. */
class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far back the history goes: 18 months. */
const HISTORY_DAYS = 540;

/**
 * A business-hours moment on the calendar day `days` from now (negative: in the past), moved off
 * weekends in the same direction. UTC 13:00 to 20:45 is 9 am to 4:45 pm Eastern (8 am Central, 6 am
 * Pacific in winter; close enough for demo data). A day in the past is always before now, one in
 * the future always after.
 */
function businessMoment(now: Date, days: number, rng: Rng): Date {
  const d = new Date(now.getTime() + days * DAY);
  const weekday = d.getUTCDay();
  if (weekday === 6) d.setTime(d.getTime() + (days < 0 ? -1 : 2) * DAY);
  if (weekday === 0) d.setTime(d.getTime() + (days < 0 ? -2 : 1) * DAY);
  d.setUTCHours(13 + rng.int(0, 7), rng.pick([0, 15, 30, 45]), 0, 0);
  return d;
}

const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

const EASTERN_PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** `hour`:00 Eastern time on the calendar day `days` from now (as the Eastern calendar counts days). */
function easternTime(now: Date, days: number, hour: number): Date {
  const wall = (t: number) => {
    const p = Object.fromEntries(EASTERN_PARTS.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  };
  const day = new Date(wall(now.getTime() + days * DAY));
  const asUtc = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  // The wall clock runs behind UTC by the zone's offset at that moment (4 or 5 hours).
  return new Date(asUtc - (wall(asUtc) - asUtc));
}

// ------------------------------------------------------------------------------------------------
// Outcomes: how an assigned test turned out
// ------------------------------------------------------------------------------------------------

type NotCompletedReason = (typeof NOT_COMPLETED_REASONS)[number];
type CouldNotScoreReason = (typeof COULD_NOT_SCORE_REASONS)[number];

export type Outcome =
  | { kind: "takeable"; complimentary?: boolean }
  | { kind: "scheduled" }
  | { kind: "needs_scheduling" }
  | { kind: "needs_payment" }
  | { kind: "fees_waived" }
  | { kind: "expired" }
  | { kind: "deleted" }
  | { kind: "in_progress" }
  | { kind: "outstanding" }
  | { kind: "received" }
  | { kind: "partially_received" }
  | { kind: "scored"; level?: string }
  | { kind: "not_completed"; reason: NotCompletedReason; willNotBeGiven?: boolean }
  | { kind: "could_not_score"; reason: CouldNotScoreReason }
  | { kind: "no_show" }
  | { kind: "cancelled"; cancellation: Cancellation; result: CancellationResult };

/** Outcomes that leave the test open (not started, not expired). */
const OPEN = new Set<Outcome["kind"]>(["takeable", "scheduled", "needs_scheduling", "needs_payment", "fees_waived"]);
const APPOINTMENT: readonly TestMethod[] = ["live", "video"];
const SPOKEN: readonly TestMethod[] = ["ivr", "live", "video"];

interface TestMeta {
  key: string;
  method: TestMethod;
  proctored: boolean;
  durationMinutes: 30 | 60 | 120;
  isMedical: boolean;
}
const TEST_META = new Map<string, TestMeta>(
  DEMO_TESTS.map((t) => [t.key, { key: t.key, method: t.method, proctored: t.proctored, durationMinutes: t.durationMinutes, isMedical: t.isMedical ?? false }]),
);
const metaOf = (key: string): TestMeta => {
  const meta = TEST_META.get(key);
  if (!meta) throw new Error(`demo test ${key} is not in the catalogue`);
  return meta;
};

/** Whether a test of this kind can end this way (a paper test is never "in progress" online…). */
function fits(outcome: Outcome, test: TestMeta): boolean {
  const m = test.method;
  switch (outcome.kind) {
    // A proctored test would carry a reservation and show as scheduled instead.
    case "takeable":
      return (m === "online" || m === "ivr") && !test.proctored;
    case "in_progress":
      return m === "online" && !test.proctored;
    case "scheduled":
    case "needs_scheduling":
    case "fees_waived":
    case "no_show":
    case "cancelled":
      return APPOINTMENT.includes(m);
    case "outstanding":
    case "partially_received":
      return m === "paper";
    case "needs_payment":
    case "expired":
      return m !== "live" && m !== "video";
    case "not_completed":
      if (outcome.reason === "lost_connection" || outcome.reason === "technical_issue") return m === "online";
      if (outcome.reason === "poor_audio" || outcome.reason === "no_response") return m === "ivr";
      return SPOKEN.includes(m);
    case "could_not_score":
      if (["did_not_follow_instructions", "received_assistance", "insufficient_responses"].includes(outcome.reason)) return m === "online" || m === "paper";
      if (outcome.reason === "incorrect_language") return true;
      return SPOKEN.includes(m);
    default:
      return true;
  }
}

/**
 * The cases the screens must be able to show, each placed once on some candidate: every display
 * status, score text, reason and cancellation result. The rest of the history is ordinary.
 */
const REQUIRED_OUTCOMES: readonly Outcome[] = [
  { kind: "takeable" },
  { kind: "takeable", complimentary: true },
  { kind: "scheduled" },
  { kind: "scheduled" },
  { kind: "needs_scheduling" },
  { kind: "needs_payment" },
  { kind: "fees_waived" },
  { kind: "expired" },
  { kind: "expired" },
  { kind: "in_progress" },
  { kind: "outstanding" },
  { kind: "received" },
  { kind: "received" },
  { kind: "partially_received" },
  { kind: "not_completed", reason: "lost_connection" },
  { kind: "not_completed", reason: "technical_issue", willNotBeGiven: true },
  { kind: "not_completed", reason: "poor_audio" },
  { kind: "not_completed", reason: "incorrect_language" },
  { kind: "not_completed", reason: "no_response" },
  { kind: "could_not_score", reason: "did_not_follow_instructions" },
  { kind: "could_not_score", reason: "received_assistance" },
  { kind: "could_not_score", reason: "insufficient_responses" },
  { kind: "could_not_score", reason: "incorrect_language" },
  { kind: "could_not_score", reason: "interpreted_prompts" },
  { kind: "could_not_score", reason: "repeated_questions" },
  { kind: "could_not_score", reason: "no_response" },
  { kind: "no_show" },
  { kind: "no_show" },
  { kind: "cancelled", cancellation: "late", result: "no_result" },
  { kind: "cancelled", cancellation: "candidate_early", result: "approved" },
  { kind: "cancelled", cancellation: "candidate_late", result: "no_result" },
  { kind: "cancelled", cancellation: "client_early", result: "approved" },
  { kind: "cancelled", cancellation: "client_late", result: "will_not_be_given" },
  { kind: "cancelled", cancellation: "provider", result: "approved" },
  { kind: "cancelled", cancellation: "provider", result: "will_not_be_given" },
  { kind: "deleted" },
  { kind: "deleted" },
];

/** How the other tests of the history ended, by weight. */
function ordinaryOutcome(rng: Rng): Outcome {
  const kind = rng.weighted<Outcome["kind"]>([
    ["scored", 80],
    ["expired", 6],
    ["takeable", 4],
    ["received", 2],
    ["not_completed", 2],
    ["could_not_score", 2],
    ["no_show", 1],
    ["cancelled", 2],
    ["needs_scheduling", 1],
  ]);
  switch (kind) {
    case "not_completed":
      return { kind, reason: rng.pick(["lost_connection", "technical_issue", "poor_audio", "incorrect_language", "no_response"] as const) };
    case "could_not_score":
      return { kind, reason: rng.pick(["insufficient_responses", "did_not_follow_instructions", "repeated_questions", "incorrect_language"] as const) };
    case "cancelled":
      return {
        kind,
        cancellation: rng.pick(["candidate_early", "candidate_late", "client_early", "late"] as const),
        result: rng.pick(["approved", "no_result"] as const),
      };
    case "takeable":
    case "scored":
    case "expired":
    case "received":
    case "no_show":
    case "needs_scheduling":
      return { kind };
    default:
      return { kind: "scored" };
  }
}

// ------------------------------------------------------------------------------------------------
// The plan
// ------------------------------------------------------------------------------------------------

type AssignedValues = Omit<typeof assignedTests.$inferInsert, "candidateId" | "candidateTrackTestId" | "accessCode">;
type AttemptValues = Omit<typeof candidateTests.$inferInsert, "assignedTestId" | "candidateId">;

export interface PlannedTest {
  /** Index into plan.candidates. */
  candidate: number;
  /** The battery test this assignment belongs to: index into plan.tracks and the test's position. */
  track?: { track: number; position: number };
  /** A fixed access code (the demo candidate's); others are drawn at seeding. */
  accessCode?: string;
  /** The test's key in the catalogue, for tests and debugging. */
  testKey: string;
  values: AssignedValues;
  attempt?: AttemptValues;
}

export interface PlannedCandidate {
  key: string;
  account: DemoAccountKey;
  /** An existing user id, "new" for a sign-in to create (as test assignment does), or none. */
  user: number | "new" | null;
  values: Omit<typeof candidates.$inferInsert, "userId">;
}

export interface PlannedTrack {
  candidate: number;
  /** Index into plan.groups. */
  group: number;
  values: Omit<typeof candidateTracks.$inferInsert, "candidateId" | "testGroupId">;
  tests: Omit<typeof candidateTrackTests.$inferInsert, "trackId">[];
}

export interface PlannedGroup {
  values: typeof testGroups.$inferInsert;
  accountTestIds: number[];
}

export interface HistoryPlan {
  groups: PlannedGroup[];
  recipients: (typeof resultRecipients.$inferInsert)[];
  candidates: PlannedCandidate[];
  tracks: PlannedTrack[];
  tests: PlannedTest[];
}

const GROUPS: readonly { account: DemoAccountKey; office: number | null; description: string; isGlobal?: boolean; tests: string[] }[] = [
  { account: "northwind", office: null, description: "New Hire Language Screening", tests: ["en-reading", "en-writing", "en-listening"] },
  { account: "northwind", office: null, description: "Medical Interpreter Battery (Spanish)", isGlobal: true, tests: ["med-es-ls-ivr", "med-es-reading"] },
  { account: "northwind", office: 0, description: "Boston Spanish Interpreters", tests: ["es-ls-ivr", "es-reading-paper", "es-en-translation"] },
  { account: "northwind", office: 1, description: "Chicago Arabic Outreach", tests: ["ar-reading", "ar-ls-ivr"] },
  { account: "northwind", office: 2, description: "Seattle Mandarin Support", tests: ["cmn-ls-video", "zh-writing"] },
  { account: "contoso", office: null, description: "Legal Translation Screening", tests: ["en-writing", "fr-en-translation-paper"] },
];

const RECIPIENTS: readonly { account: DemoAccountKey; office: number | null; firstName: string; lastName: string; email: string; isGlobal?: boolean; resultType: "score_only" | "full_report" }[] = [
  { account: "northwind", office: null, firstName: "Priya", lastName: "Raman", email: "priya.raman@northwind.example", isGlobal: true, resultType: "full_report" },
  { account: "northwind", office: null, firstName: "Marcus", lastName: "Bell", email: "marcus.bell@northwind.example", resultType: "score_only" },
  { account: "northwind", office: 0, firstName: "Laura", lastName: "Chen", email: "laura.chen@northwind.example", resultType: "full_report" },
  { account: "northwind", office: 1, firstName: "Tomás", lastName: "Álvarez", email: "tomas.alvarez@northwind.example", resultType: "score_only" },
  { account: "northwind", office: 2, firstName: "", lastName: "", email: "seattle.language.services@northwind.example", resultType: "full_report" },
  { account: "contoso", office: null, firstName: "Nadia", lastName: "Petrova", email: "nadia.petrova@contoso.example", resultType: "full_report" },
];

/** Batteries: a candidate, a test group (by description), how each of its tests went, and when. */
const BATTERIES: readonly { person: string; group: string; daysAgo: number; completed: boolean; outcomes: Outcome[] }[] = [
  { person: "Carlos Mendes", group: "Boston Spanish Interpreters", daysAgo: 210, completed: true, outcomes: [{ kind: "scored", level: "9" }, { kind: "scored", level: "8" }, { kind: "scored", level: "7" }] },
  { person: "Gabriela Castillo", group: "Medical Interpreter Battery (Spanish)", daysAgo: 320, completed: true, outcomes: [{ kind: "scored", level: "10" }, { kind: "scored", level: "9" }] },
  { person: "Isabel Torres", group: "Medical Interpreter Battery (Spanish)", daysAgo: 12, completed: false, outcomes: [{ kind: "takeable" }, { kind: "scored", level: "8" }] },
  { person: "Katarzyna Nowak", group: "New Hire Language Screening", daysAgo: 9, completed: false, outcomes: [{ kind: "scored", level: "7" }, { kind: "received" }, { kind: "takeable" }] },
  // The candidate chose not to finish: the client marked the battery completed.
  { person: "Layla Hassan", group: "Chicago Arabic Outreach", daysAgo: 150, completed: true, outcomes: [{ kind: "scored", level: "6" }, { kind: "expired" }] },
  { person: "Kevin Zhang", group: "Seattle Mandarin Support", daysAgo: 14, completed: false, outcomes: [{ kind: "needs_scheduling" }, { kind: "scored", level: "8" }] },
  { person: "Daniel Tesfaye", group: "New Hire Language Screening", daysAgo: 410, completed: true, outcomes: [{ kind: "scored", level: "9" }, { kind: "scored", level: "8" }, { kind: "scored", level: "10" }] },
  { person: "Camille Dubois", group: "Legal Translation Screening", daysAgo: 8, completed: false, outcomes: [{ kind: "scored", level: "9" }, { kind: "outstanding" }] },
];

/** Candidates created in the last days, with no test yet. */
const WITHOUT_TESTS = new Set(["Bogdan Petrenko", "Sarah Nakamura"]);

const DEMO_CANDIDATE_EMAIL = "candidate@northwind.example";

const keyOf = (p: { first: string; last: string }) => `${p.first} ${p.last}`;
const ascii = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z-]/g, "");

interface PersonState {
  person: DemoPerson;
  index: number;
  email: string;
  timeZoneId: number;
  tests: PlannedTest[];
  required: number;
}

/** The whole demo history as rows to insert, relative to `now`. Pure: same input, same plan. */
export function planDemoHistory(world: HistoryWorld, now: Date): HistoryPlan {
  const rng = new Rng(20260301);
  const plan: HistoryPlan = { groups: [], recipients: [], candidates: [], tracks: [], tests: [] };
  const accountTestId = (account: DemoAccountKey, key: string): number | undefined => world.catalogue.accountTests[world.accounts[account]]?.[key];
  const officeId = (account: DemoAccountKey, office: number | null) => (office === null ? null : world.offices[account][office]);

  for (const g of GROUPS) {
    plan.groups.push({
      values: {
        accountId: world.accounts[g.account],
        officeId: officeId(g.account, g.office),
        description: g.description,
        isGlobal: g.isGlobal ?? false,
        createdAt: plus(now, -(HISTORY_DAYS + 30) * DAY),
      },
      accountTestIds: g.tests.map((k) => accountTestId(g.account, k)!),
    });
  }
  for (const r of RECIPIENTS) {
    plan.recipients.push({
      accountId: world.accounts[r.account],
      officeId: officeId(r.account, r.office),
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      isGlobal: r.isGlobal ?? false,
      resultType: r.resultType,
      createdAt: plus(now, -(HISTORY_DAYS + 30) * DAY),
    });
  }

  // Who assigns: in Boston also the office's own staff; elsewhere the account's.
  const assigners = (account: DemoAccountKey, office: number): number[] =>
    account === "contoso"
      ? [world.users["admin@contoso.example"]]
      : [world.users["admin@northwind.example"], world.users["user@northwind.example"]].concat(
          office === 0 ? [world.users["office.admin@northwind.example"], world.users["office.user@northwind.example"]] : [],
        );

  const personal = ["example.com", "example.org", "example.net"];
  const used = new Set<string>();
  const people: PersonState[] = DEMO_PEOPLE.map((person, index) => {
    let email = "";
    if (person.email !== false) {
      const local = `${ascii(person.first)}.${ascii(person.last)}`;
      const domain = person.role ? `${person.account}.example` : personal[index % personal.length];
      email = `${local}@${domain}`;
      for (let n = 2; used.has(email); n++) email = `${local}${n}@${domain}`;
      used.add(email);
    }
    const timeZoneId = OFFICE_PLACES[person.account][person.office].timeZoneId;
    return { person, index, email, timeZoneId, tests: [], required: 0 };
  });

  /** One assigned test (and its attempt) of a person, from how it turned out. */
  const addTest = (
    state: PersonState,
    testKey: string,
    outcome: Outcome,
    opts: { daysAgo?: number; created?: Date; track?: PlannedTest["track"]; accessCode?: string } = {},
  ): PlannedTest => {
    const { person } = state;
    const test = metaOf(testKey);
    const account = DEMO_ACCOUNTS[person.account];
    const atId = accountTestId(person.account, testKey);
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
      assignedByUserId: rng.pick(assigners(person.account, person.office)),
      createdAt: created,
      deletedAt,
    };
    const planned: PlannedTest = { candidate: state.index, testKey, values, attempt, track: opts.track, accessCode: opts.accessCode };
    state.tests.push(planned);
    return planned;
  };

  const poolOf = (p: DemoPerson): string[] => {
    const tests: string[] = [...TEST_POOLS[p.pool]];
    if (p.role && DEMO_ACCOUNTS[p.account].medicalOption) tests.push(...(MEDICAL_POOLS[p.pool] ?? []));
    return tests.filter((k) => accountTestId(p.account, k) !== undefined);
  };
  const byName = new Map(people.map((s) => [keyOf(s.person), s]));
  const batteryPeople = new Set(BATTERIES.map((b) => b.person));

  // 1. Batteries.
  for (const b of BATTERIES) {
    const state = byName.get(b.person);
    const groupIndex = GROUPS.findIndex((g) => g.description === b.group);
    if (!state || groupIndex < 0) throw new Error(`battery ${b.person} / ${b.group}`);
    const group = GROUPS[groupIndex];
    const trackIndex = plan.tracks.length;
    const created = businessMoment(now, -b.daysAgo, rng);
    const track: PlannedTrack = {
      candidate: state.index,
      group: groupIndex,
      values: { accountId: world.accounts[state.person.account], description: group.description, isCompleted: b.completed, completedAt: null, createdAt: created },
      tests: group.tests.map((key, position) => ({
        accountTestId: accountTestId(group.account, key)!,
        position,
        requiresScheduling: APPOINTMENT.includes(metaOf(key).method),
      })),
    };
    plan.tracks.push(track);
    let last = created;
    group.tests.forEach((key, position) => {
      const t = addTest(state, key, b.outcomes[position], { daysAgo: b.daysAgo, created, track: { track: trackIndex, position } });
      const end = t.attempt?.scoredAt ?? t.attempt?.receivedAt ?? t.values.expiresAt;
      if (end && end > last) last = end;
    });
    if (b.completed) track.values.completedAt = last < now ? last : plus(now, -HOUR);
  }

  // 2. The required cases, spread over the candidates of every office.
  const rotation: PersonState[] = [];
  const byOffice = new Map<string, PersonState[]>();
  for (const s of people) {
    if (WITHOUT_TESTS.has(keyOf(s.person)) || batteryPeople.has(keyOf(s.person))) continue;
    const k = `${s.person.account}/${s.person.office}`;
    byOffice.set(k, [...(byOffice.get(k) ?? []), s]);
  }
  const lists = [...byOffice.values()];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) rotation.push(l[i]);
  let cursor = 0;
  for (const outcome of REQUIRED_OUTCOMES) {
    const needsMail = OPEN.has(outcome.kind);
    let placed = false;
    for (let tries = 0; tries < rotation.length * 2 && !placed; tries++) {
      cursor = (cursor + 7) % rotation.length;
      const s = rotation[cursor];
      if (s.required >= (tries < rotation.length ? 1 : 2) || (needsMail && s.email === "")) continue;
      const choices = poolOf(s.person).filter((k) => fits(outcome, metaOf(k)));
      if (choices.length === 0) continue;
      const fresh = choices.filter((k) => !s.tests.some((t) => t.testKey === k));
      addTest(s, rng.pick(fresh.length > 0 ? fresh : choices), outcome);
      s.required++;
      placed = true;
    }
    if (!placed) throw new Error(`no demo candidate can show ${JSON.stringify(outcome)}`);
  }

  // 3. Ordinary history: one to four tests a person, most of them scored.
  for (const s of people) {
    if (WITHOUT_TESTS.has(keyOf(s.person))) continue;
    const target = batteryPeople.has(keyOf(s.person)) ? s.tests.length + rng.int(0, 1) : rng.weighted([[1, 3], [2, 4], [3, 3], [4, 1]] as const);
    const pool = poolOf(s.person);
    while (s.tests.length < target) {
      const unused = pool.filter((k) => !s.tests.some((t) => t.testKey === k));
      const key = rng.pick(unused.length > 0 ? unused : pool);
      let outcome = ordinaryOutcome(rng);
      if (!fits(outcome, metaOf(key)) || (OPEN.has(outcome.kind) && s.email === "")) outcome = { kind: "scored" };
      addTest(s, key, outcome);
    }
  }

  // 4. Candidate profiles, in the people's order; then the demo candidate's two.
  for (const s of people) {
    const p = s.person;
    const place = OFFICE_PLACES[p.account][p.office];
    const firstTest = s.tests.reduce<Date | null>((min, t) => (min === null || t.values.createdAt! < min ? t.values.createdAt! : min), null);
    const lastTest = s.tests.reduce<Date | null>((max, t) => (max === null || t.values.createdAt! > max ? t.values.createdAt! : max), null);
    const createdAt = firstTest ? plus(firstTest, -rng.int(1, 72) * HOUR) : businessMoment(now, -rng.int(1, 3), rng);
    const proctored = s.tests.some((t) => t.values.useProctorService);
    const contact = proctored || p.contact === true || rng.chance(0.12);
    const challenge = rng.chance(0.25) ? rng.pick(CHALLENGE_QUESTIONS) : null;
    // Assignment creates the sign-in; candidates assigned only long ago (before the portal) have none.
    const recent = s.tests.some((t) => isOpen(t) || t.values.createdAt! > plus(now, -180 * DAY));
    plan.candidates.push({
      key: keyOf(p),
      account: p.account,
      user: recent ? "new" : null,
      values: {
        accountId: world.accounts[p.account],
        officeId: world.offices[p.account][p.office],
        firstName: p.first,
        middleName: p.middle ?? "",
        lastName: p.last,
        employeeId: s.index % 11 === 10 ? "" : p.account === "northwind" ? `NW-${10000 + ((s.index * 7919) % 89000)}` : `CL-${2000 + ((s.index * 373) % 7000)}`,
        email: s.email,
        challengeQuestion: challenge?.question ?? "",
        challengeAnswer: challenge ? rng.pick(challenge.answers) : "",
        clientNotes: p.notes ?? "",
        adjustments: p.adjustments ?? false,
        phoneNumber: contact ? `(${place.area}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}` : "",
        streetAddress: contact ? `${rng.int(12, 2400)} ${rng.pick(place.streets)}` : "",
        city: contact ? place.city : "",
        state: contact ? place.state : "",
        postalCode: contact ? `${place.zip}${String(rng.int(1, 60)).padStart(2, "0")}` : "",
        timeZoneId: place.timeZoneId,
        languageId: p.languageId ?? 140,
        healthCareRoleId: p.role ? world.catalogue.healthcareRoles[p.role[0]].id : null,
        healthCareSpecialtyId: p.role?.[1] ? world.catalogue.healthcareRoles[p.role[0]].specialties[p.role[1]] : null,
        createdAt,
        updatedAt: lastTest && lastTest > createdAt ? lastTest : createdAt,
      },
    });
    plan.tests.push(...s.tests);
  }

  const demoUser = world.users[DEMO_CANDIDATE_EMAIL];
  const demo = (account: DemoAccountKey, employeeId: string, index: number): PersonState => {
    const person: DemoPerson = { first: "Elena", last: "Moreau", account, office: 0, pool: "en" };
    const place = OFFICE_PLACES[account][0];
    plan.candidates.push({
      key: "Elena Moreau",
      account,
      user: demoUser,
      values: {
        accountId: world.accounts[account],
        officeId: world.offices[account][0],
        firstName: "Elena",
        lastName: "Moreau",
        employeeId,
        email: DEMO_CANDIDATE_EMAIL,
        clientNotes: account === "northwind" ? "Demo candidate: signs in with the access code NW-DEMO-2026." : "",
        timeZoneId: place.timeZoneId,
        languageId: 140,
        // Set from the first test below.
        createdAt: now,
        updatedAt: now,
      },
    });
    return { person, index, email: DEMO_CANDIDATE_EMAIL, timeZoneId: place.timeZoneId, tests: [], required: 0 };
  };
  const northwind = demo("northwind", "NW-20417", plan.candidates.length);
  addTest(northwind, "en-reading", { kind: "takeable" }, { daysAgo: 2, accessCode: DEMO_ACCESS_CODE });
  addTest(northwind, "en-listening", { kind: "takeable" }, { daysAgo: 2 });
  addTest(northwind, "en-writing", { kind: "scored", level: "8" }, { daysAgo: 120 });
  // A retest of writing: Contoso Legal assigned the same test, so the list offers Choose Employer.
  addTest(northwind, "en-writing", { kind: "takeable" }, { daysAgo: 1 });
  // A live test with an interpreter, booked for tomorrow at 10:00 Eastern (the Scheduled section).
  const live = addTest(northwind, "es-ls-live", { kind: "scheduled" }, { daysAgo: 3 });
  live.values.scheduledAt = easternTime(now, 1, 10);
  const contoso = demo("contoso", "CL-3308", plan.candidates.length);
  addTest(contoso, "en-writing", { kind: "takeable" }, { daysAgo: 5 });
  for (const profile of [northwind, contoso]) {
    for (const t of profile.tests) t.values.notifyCandidate = true;
    // The profile was created just before its first test was assigned.
    const first = Math.min(...profile.tests.map((t) => t.values.createdAt!.getTime()));
    plan.candidates[profile.index].values.createdAt = new Date(first - rng.int(1, 48) * HOUR);
    plan.candidates[profile.index].values.updatedAt = new Date(Math.max(...profile.tests.map((t) => t.values.createdAt!.getTime())));
  }
  plan.tests.push(...northwind.tests, ...contoso.tests);
  return plan;
}

/** A test still to be taken: not started, not deleted, not expired or cancelled. */
const isOpen = (t: PlannedTest) => !t.attempt && !t.values.deletedAt && ["takeable", "needs_scheduling", "needs_payment"].includes(t.values.state);

// ------------------------------------------------------------------------------------------------
// Seeding
// ------------------------------------------------------------------------------------------------

const languageOf = (languageId: number) => (languageId === 104 ? "zh-HANS" : languageId === 106 ? "zh-HANT" : "en-US");

/** Inserts the demo history (inside seedDemoWorld's transaction): one statement per table. */
export async function seedDemoHistory(tx: Tx, world: HistoryWorld, now: Date = new Date()): Promise<DemoHistoryIds> {
  const plan = planDemoHistory(world, now);
  const ids = emptyHistoryIds();

  const groupRows = await tx.insert(testGroups).values(plan.groups.map((g) => g.values)).returning({ id: testGroups.id });
  plan.groups.forEach((g, i) => (ids.testGroups[g.values.description] = groupRows[i].id));
  await tx.insert(testGroupTests).values(plan.groups.flatMap((g, i) => g.accountTestIds.map((accountTestId, position) => ({ groupId: groupRows[i].id, accountTestId, position }))));

  const recipientRows = await tx.insert(resultRecipients).values(plan.recipients).returning({ id: resultRecipients.id });
  plan.recipients.forEach((r, i) => (ids.resultRecipients[r.email!] = recipientRows[i].id));

  const candidateRows = await tx
    .insert(candidates)
    .values(plan.candidates.map((c) => ({ ...c.values, userId: typeof c.user === "number" ? c.user : null })))
    .returning({ id: candidates.id });
  const candidateId = (i: number) => candidateRows[i].id;
  plan.candidates.forEach((c, i) => {
    if (typeof c.user !== "number") ids.candidates[c.key] = candidateId(i);
  });
  const demoIndexes = plan.candidates.flatMap((c, i) => (typeof c.user === "number" ? [[c.account, i] as const] : []));
  for (const [account, i] of demoIndexes) ids.demoCandidate[account] = candidateId(i);
  ids.candidates["Elena Moreau"] = ids.demoCandidate.northwind;

  // Sign-ins, as test assignment creates them (ensureCandidateUser): by email, or a placeholder.
  const newUsers = plan.candidates.flatMap((c, i) => (c.user === "new" ? [i] : []));
  const userIdOf = new Map<number, number>(plan.candidates.flatMap((c, i) => (typeof c.user === "number" ? [[i, c.user] as const] : [])));
  if (newUsers.length > 0) {
    const userRows = await tx
      .insert(users)
      .values(
        newUsers.map((i) => {
          const c = plan.candidates[i].values;
          return {
            email: c.email || `candidate-${candidateId(i)}@no-email.invalid`,
            firstName: c.firstName,
            lastName: c.lastName,
            roles: [Role.Candidate, Role.User],
            accountId: c.accountId,
            officeId: c.officeId,
            language: languageOf(c.languageId ?? 140),
            createdAt: c.createdAt,
          };
        }),
      )
      .returning({ id: users.id });
    newUsers.forEach((i, n) => userIdOf.set(i, userRows[n].id));
    const pairs = newUsers.map((i, n) => sql`(${candidateId(i)}::int, ${userRows[n].id}::int)`);
    await tx.execute(sql`update ${candidates} set user_id = v.user_id from (values ${sql.join(pairs, sql`, `)}) as v(id, user_id) where ${candidates.id} = v.id`);
  }

  const trackRows = await tx
    .insert(candidateTracks)
    .values(plan.tracks.map((t) => ({ ...t.values, candidateId: candidateId(t.candidate), testGroupId: groupRows[t.group].id })))
    .returning({ id: candidateTracks.id });
  plan.tracks.forEach((t, i) => (ids.tracks[plan.candidates[t.candidate].key] = trackRows[i].id));
  const trackTestRows = await tx
    .insert(candidateTrackTests)
    .values(plan.tracks.flatMap((t, i) => t.tests.map((tt) => ({ ...tt, trackId: trackRows[i].id }))))
    .returning({ id: candidateTrackTests.id });
  const trackTestId = new Map<string, number>();
  let n = 0;
  plan.tracks.forEach((t, i) => t.tests.forEach((tt) => trackTestId.set(`${i}/${tt.position}`, trackTestRows[n++].id)));

  const codes = new Set<string>([DEMO_ACCESS_CODE]);
  const codeOf = (t: PlannedTest) => {
    if (t.accessCode) return t.accessCode;
    let code = newAccessCode();
    while (codes.has(code)) code = newAccessCode();
    codes.add(code);
    return code;
  };
  const assignedRows = await tx
    .insert(assignedTests)
    .values(
      plan.tests.map((t) => ({
        ...t.values,
        candidateId: candidateId(t.candidate),
        candidateTrackTestId: t.track ? trackTestId.get(`${t.track.track}/${t.track.position}`)! : null,
        accessCode: codeOf(t),
      })),
    )
    .returning({ id: assignedTests.id, accessCode: assignedTests.accessCode });

  const attempts = plan.tests.flatMap((t, i) => (t.attempt ? [{ ...t.attempt, assignedTestId: assignedRows[i].id, candidateId: candidateId(t.candidate) }] : []));
  if (attempts.length > 0) await tx.insert(candidateTests).values(attempts);

  // Each assigned test's code signs its candidate in (the demo code exists already).
  const codeRows = plan.tests.flatMap((t, i) => {
    const userId = userIdOf.get(t.candidate);
    if (userId === undefined || t.values.deletedAt || t.accessCode === DEMO_ACCESS_CODE) return [];
    return [{ code: assignedRows[i].accessCode, userId, expiresAt: t.values.expiresAt, createdAt: t.values.createdAt! }];
  });
  if (codeRows.length > 0) await tx.insert(accessCodes).values(codeRows);
  return ids;
}
