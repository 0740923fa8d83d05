import { and, eq, type SQL } from "drizzle-orm";
import type { Tx } from "../db/tx.js";
import { candidateTests } from "../db/schema.js";

/**
 * The states of an attempt (a candidate_tests row) and the only moves between them. Every write of
 * `candidate_tests.state` goes through this file: startValues for the row's first state,
 * moveAttempt / moveAttempts for each later one, so a move not listed here fails loudly.
 *
 * Spec: candidate-testing.md §4 — the test flow (prelude → in progress → finished), "when time is
 * over the test is submitted", the phone-continued test ("after the last online section … do not
 * hang up") and the paper "test partially received"; the history screens show these states.
 *
 * What is not a state change: saving answers and the heartbeat (they require `in_progress` and an
 * open clock: attempt.ts requireOpen), and routing to scoring (routing.ts: a received attempt gets
 * a scoring_assignments row, its state stays `received`; receive.ts does both in one transaction).
 */
export type AttemptState = (typeof candidateTests.state.enumValues)[number];

/** The states a new row starts in. */
const STARTS = [
  // start: an online start (start.ts openAttempt), a live, video or sight-translation start, the
  // call of a phone test (calls/ivr/engine.ts), an evaluator administering a live test.
  "in_progress",
  // paper sent out: the first download of a paper test, or a paper package printed; responses not back yet.
  "outstanding",
] as const satisfies readonly AttemptState[];

/** from → to, with the events that make the move (where they are written). */
const MOVES: readonly { from: AttemptState; to: AttemptState; on: string }[] = [
  // submit (submit.ts submitAttempt) of a test that continues by phone: its online part is in;
  // expired: its online time over (expiry.ts), the same. The phone part's clock starts.
  { from: "in_progress", to: "partially_received", on: "submit online part | expired" },
  // submit by the candidate (submit.ts); expired: the deadline job (expiry.ts); abandoned: a video
  // session gone stale (video/stale-sessions.ts); the call of a phone test ended with responses
  // (calls/ivr/store.ts); an evaluator administered a live test (evaluator-schedule/administer.ts).
  { from: "in_progress", to: "received", on: "submit | expired | abandoned | call ended | administered" },
  // paper: a package's first test came back; its others are partially received (paper/receive.ts).
  { from: "outstanding", to: "partially_received", on: "package partly back" },
  { from: "outstanding", to: "received", on: "paper responses received" },
  // The phone part's call ended (calls/ivr/store.ts), or its time is over (expiry.ts); paper responses.
  { from: "partially_received", to: "received", on: "call ended | phone part expired | paper responses received" },
  // An evaluator found nothing given (results/scoring/submit.ts markNoShow): final like a result.
  { from: "received", to: "no_show", on: "no show" },
  { from: "partially_received", to: "no_show", on: "no show" },
];

export const canMove = (from: AttemptState, to: AttemptState): boolean => MOVES.some((m) => m.from === from && m.to === to);

function assertMove(from: AttemptState, to: AttemptState): void {
  // A programming error, not a user's: the callers check the state (under the row lock) first.
  if (!canMove(from, to)) throw new Error(`attempt state: no move from ${from} to ${to}`);
}

type Fields = Omit<Partial<typeof candidateTests.$inferInsert>, "state" | "id">;

/** The values of a new attempt row in its first state (the caller inserts, usually onConflictDoNothing). */
export function startValues<V extends Fields & Pick<typeof candidateTests.$inferInsert, "assignedTestId" | "candidateId" | "accountId">>(
  state: (typeof STARTS)[number],
  values: V,
): V & { state: typeof state } {
  if (!STARTS.includes(state)) throw new Error(`attempt state: no start in ${state}`);
  return { ...values, state };
}

/** Moves one attempt, whose current state the caller read (under its row lock), to `to`. */
export async function moveAttempt(tx: Tx, attempt: { id: number; state: AttemptState }, to: AttemptState, fields: Fields = {}): Promise<void> {
  assertMove(attempt.state, to);
  await tx.update(candidateTests).set({ ...fields, state: to }).where(eq(candidateTests.id, attempt.id));
}

/** Moves every attempt in `from` that `where` selects to `to` (a paper package's tests at once). */
export async function moveAttempts(tx: Tx, from: AttemptState, to: AttemptState, where: SQL, fields: Fields = {}): Promise<void> {
  assertMove(from, to);
  await tx.update(candidateTests).set({ ...fields, state: to }).where(and(eq(candidateTests.state, from), where));
}
