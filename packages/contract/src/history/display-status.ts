/**
 * The display status and score text of a candidate's test (client spec §4), derived in one place
 * from the stored facts. The server sends the keys; screens translate them (history.status.*,
 * history.reason.*, history.score.*) and the CSV/XLSX downloads use the English texts below.
 */

export const ASSIGNED_TEST_STATES = ["takeable", "needs_scheduling", "needs_payment", "expired", "taken", "cancelled"] as const;
export type AssignedTestState = (typeof ASSIGNED_TEST_STATES)[number];

export const ATTEMPT_STATES = ["in_progress", "outstanding", "partially_received", "received", "no_show"] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

export const RESULT_STATES = ["scored", "not_completed", "could_not_score"] as const;
export type ResultState = (typeof RESULT_STATES)[number];

export const CANCELLATIONS = ["late", "candidate_early", "candidate_late", "client_early", "client_late", "provider"] as const;
export type Cancellation = (typeof CANCELLATIONS)[number];

export const CANCELLATION_RESULTS = ["approved", "no_result", "will_not_be_given"] as const;
export type CancellationResult = (typeof CANCELLATION_RESULTS)[number];

export const NOT_COMPLETED_REASONS = ["lost_connection", "technical_issue", "poor_audio", "incorrect_language", "no_response"] as const;
export const COULD_NOT_SCORE_REASONS = [
  "did_not_follow_instructions",
  "received_assistance",
  "insufficient_responses",
  "incorrect_language",
  "interpreted_prompts",
  "repeated_questions",
  "no_response",
] as const;
export type ResultReason = (typeof NOT_COMPLETED_REASONS)[number] | (typeof COULD_NOT_SCORE_REASONS)[number];

export const REASON_TEXT: Record<ResultReason, string> = {
  lost_connection: "lost connection",
  technical_issue: "technical issue",
  poor_audio: "poor audio",
  incorrect_language: "incorrect language",
  no_response: "no response",
  did_not_follow_instructions: "did not follow instructions",
  received_assistance: "received assistance",
  insufficient_responses: "insufficient responses",
  interpreted_prompts: "interpreted prompts",
  repeated_questions: "repeated questions",
};

export const DISPLAY_STATUSES = [
  "assigned",
  "assigned_complimentary",
  "scheduled",
  "requires_scheduling",
  "requires_payment",
  "fees_waived",
  "expired_before_start",
  "in_progress",
  "outstanding",
  "received",
  "partially_received",
  "not_completed",
  "could_not_score",
  "cancelled_late",
  "cancelled_candidate_early",
  "cancelled_candidate_late",
  "cancelled_client_early",
  "cancelled_client_late",
  "cancelled_provider",
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** English status texts ({reason} and {date} are filled in), as in spec §4. */
export const DISPLAY_STATUS_TEXT: Record<DisplayStatus, string> = {
  assigned: "Takeable",
  assigned_complimentary: "Takeable (complimentary)",
  scheduled: "Scheduled",
  requires_scheduling: "Requires scheduling",
  requires_payment: "Requires payment",
  fees_waived: "Fees waived",
  expired_before_start: "Expired before start",
  in_progress: "In progress",
  outstanding: "Paper test downloaded, awaiting responses",
  received: "Test received {date}",
  partially_received: "Test partially received {date}",
  not_completed: "Not completed: {reason}",
  could_not_score: "Could not be scored: {reason}",
  cancelled_late: "Cancelled late",
  cancelled_candidate_early: "Cancelled by candidate (early)",
  cancelled_candidate_late: "Cancelled by candidate (late)",
  cancelled_client_early: "Cancelled by client (early)",
  cancelled_client_late: "Cancelled by client (late)",
  cancelled_provider: "Cancelled by the provider",
};

/** What the Score column shows instead of a result (spec §4). */
export const SCORE_TEXTS = [
  "late_cancellation",
  "no_show",
  "candidate_early_cancellation",
  "candidate_late_cancellation",
  "client_early_cancellation",
  "client_late_cancellation",
  "provider_cancellation",
] as const;
export type ScoreText = (typeof SCORE_TEXTS)[number];

export const SCORE_TEXT: Record<ScoreText, string> = {
  late_cancellation: "Late Cancellation",
  no_show: "No Show",
  candidate_early_cancellation: "Candidate Early Cancellation",
  candidate_late_cancellation: "Candidate Late Cancellation",
  client_early_cancellation: "Client Early Cancellation",
  client_late_cancellation: "Client Late Cancellation",
  provider_cancellation: "Test Cancelled by the provider",
};

/** The Not Completed column (spec §4). */
export const NOT_COMPLETED_TEXTS = { no_show: "No Show", will_not_be_given: "Test will not be given" } as const;
export type NotCompletedText = keyof typeof NOT_COMPLETED_TEXTS;

export const CANCELLATION_RESULT_TEXT: Record<CancellationResult, string> = {
  approved: "Approved",
  no_result: "No Result",
  will_not_be_given: "Will Not Be Given",
};

/** The stored facts a status is derived from (assigned_tests and candidate_tests columns). */
export interface TestStatusFacts {
  assignedState: AssignedTestState;
  complimentary: boolean;
  feesWaived: boolean;
  scheduledAt: Date | string | null;
  expiresAt: Date | string;
  cancellation: Cancellation | null;
  cancellationResult: CancellationResult | null;
  attemptState: AttemptState | null;
  receivedAt: Date | string | null;
  resultState: ResultState | null;
  resultValue: string | null;
  resultReason: string | null;
  /** The test's method: a live or video test without an appointment requires scheduling. */
  method?: string;
}

export interface TestStatusView {
  status: DisplayStatus;
  /** For not_completed and could_not_score. */
  reason: ResultReason | null;
  /** For received and partially_received: when the responses arrived (ISO). */
  date: string | null;
  /** The Score column: a result value, a score text, or nothing yet. */
  score: { kind: "result"; value: string } | { kind: "text"; text: ScoreText } | null;
  notCompleted: NotCompletedText | null;
  /** The assigned test had expired (shown in the Expired column and filter). */
  expired: boolean;
}

const CANCELLATION_STATUS: Record<Cancellation, { status: DisplayStatus; score: ScoreText }> = {
  late: { status: "cancelled_late", score: "late_cancellation" },
  candidate_early: { status: "cancelled_candidate_early", score: "candidate_early_cancellation" },
  candidate_late: { status: "cancelled_candidate_late", score: "candidate_late_cancellation" },
  client_early: { status: "cancelled_client_early", score: "client_early_cancellation" },
  client_late: { status: "cancelled_client_late", score: "client_late_cancellation" },
  provider: { status: "cancelled_provider", score: "provider_cancellation" },
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function asReason(value: string | null, allowed: readonly string[]): ResultReason | null {
  return value !== null && allowed.includes(value) ? (value as ResultReason) : null;
}

export function testStatusOf(f: TestStatusFacts, now: Date = new Date()): TestStatusView {
  const expired = f.assignedState === "expired" || (f.attemptState === null && new Date(f.expiresAt) < now && f.assignedState !== "taken");
  const base = { reason: null, date: null, score: null, notCompleted: null, expired } satisfies Partial<TestStatusView>;
  const notCompleted: NotCompletedText | null = f.cancellationResult === "will_not_be_given" ? "will_not_be_given" : null;

  if (f.cancellation) {
    const c = CANCELLATION_STATUS[f.cancellation];
    return { ...base, status: c.status, score: { kind: "text", text: c.score }, notCompleted };
  }
  if (f.attemptState === "no_show") {
    return { ...base, status: "not_completed", reason: "no_response", score: { kind: "text", text: "no_show" }, notCompleted: "no_show" };
  }
  if (f.resultState === "not_completed") {
    return { ...base, status: "not_completed", reason: asReason(f.resultReason, NOT_COMPLETED_REASONS), notCompleted };
  }
  if (f.resultState === "could_not_score") {
    return { ...base, status: "could_not_score", reason: asReason(f.resultReason, COULD_NOT_SCORE_REASONS) };
  }
  if (f.attemptState === "received" || f.attemptState === "partially_received") {
    const score = f.resultState === "scored" && f.resultValue ? ({ kind: "result", value: f.resultValue } as const) : null;
    return { ...base, status: f.attemptState, date: iso(f.receivedAt), score };
  }
  if (f.attemptState === "in_progress") return { ...base, status: "in_progress" };
  if (f.attemptState === "outstanding") return { ...base, status: "outstanding" };
  // Not started.
  if (expired) return { ...base, status: "expired_before_start" };
  if (f.feesWaived) return { ...base, status: "fees_waived" };
  if (f.assignedState === "needs_scheduling") return { ...base, status: "requires_scheduling" };
  if (f.assignedState === "needs_payment") return { ...base, status: "requires_payment" };
  if (f.scheduledAt) return { ...base, status: "scheduled" };
  // An interpreter's test cannot be taken before it has an appointment, whoever books it.
  if (f.method === "live" || f.method === "video") return { ...base, status: "requires_scheduling" };
  return { ...base, status: f.complimentary ? "assigned_complimentary" : "assigned" };
}

/** English text of a status, for downloads and mails in en-US. */
export function statusText(view: TestStatusView): string {
  const date = view.date ? view.date.slice(0, 10) : "";
  const reason = view.reason ? REASON_TEXT[view.reason] : "";
  return DISPLAY_STATUS_TEXT[view.status].replace("{date}", date).replace("{reason}", reason).replace(/[:\s]+$/, "").trim();
}

/** English text of the Score column. */
export function scoreText(view: TestStatusView): string {
  if (!view.score) return "";
  return view.score.kind === "result" ? view.score.value : SCORE_TEXT[view.score.text];
}
