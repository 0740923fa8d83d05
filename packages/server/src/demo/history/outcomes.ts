import type { Cancellation, CancellationResult, COULD_NOT_SCORE_REASONS, NOT_COMPLETED_REASONS, TestMethod } from "@parlance/contract";
import { DEMO_TESTS } from "../catalogue.js";
import type { Rng } from "./random.js";

/**
 * How an assigned test of the demo history turned out: the outcomes, which tests each fits, the
 * cases every screen must be able to show, and how ordinary tests end.
 */

/** The ALTA scale the results are given in (evaluators-results-account.md: levels 1 to 12+). */
export const ALTA_LEVELS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12+"] as const;
/** How often each level occurs among employees tested for bilingual work: most land in 6 to 9. */
export const ALTA_WEIGHTS = [1, 2, 3, 5, 7, 10, 13, 14, 11, 8, 5, 3];

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
export const OPEN = new Set<Outcome["kind"]>(["takeable", "scheduled", "needs_scheduling", "needs_payment", "fees_waived"]);
export const APPOINTMENT: readonly TestMethod[] = ["live", "video"];
export const SPOKEN: readonly TestMethod[] = ["ivr", "live", "video"];

export interface TestMeta {
  key: string;
  method: TestMethod;
  proctored: boolean;
  durationMinutes: 30 | 60 | 120;
  isMedical: boolean;
}
const TEST_META = new Map<string, TestMeta>(
  DEMO_TESTS.map((t) => [t.key, { key: t.key, method: t.method, proctored: t.proctored, durationMinutes: t.durationMinutes, isMedical: t.isMedical ?? false }]),
);
export const metaOf = (key: string): TestMeta => {
  const meta = TEST_META.get(key);
  if (!meta) throw new Error(`demo test ${key} is not in the catalogue`);
  return meta;
};

/** Whether a test of this kind can end this way (a paper test is never "in progress" online…). */
export function fits(outcome: Outcome, test: TestMeta): boolean {
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
export const REQUIRED_OUTCOMES: readonly Outcome[] = [
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
export function ordinaryOutcome(rng: Rng): Outcome {
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
