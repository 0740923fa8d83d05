/**
 * Every service where one person changes another's test, appointment or result (issue 23 §3),
 * with the notification it calls and whom that tells. `changes.unit.test.ts` reads the sources:
 * each service here must call its notification, and every write of an appointment, a test's state
 * or a proctoring reservation elsewhere must be listed here or in SELF_CHANGES with the reason it
 * tells nobody. A new change service that notifies nobody fails that test. Paths from server/src.
 */
export interface ChangeService {
  file: string;
  /** The exported service. */
  service: string;
  /** Helpers of the service that do its writes inside the transaction. */
  writers?: string[];
  /** What it calls to tell the others (a function of notifications/, or the results job). */
  notifies: string;
  whom: string;
}

export const CHANGE_SERVICES: ChangeService[] = [
  { file: "evaluator-schedule/decline.ts", service: "declineTest", writers: ["declineInTransaction"], notifies: "notifyAppointmentMoved", whom: "the candidate (a new time); the evaluator who now holds the booking" },
  { file: "scheduling/service.ts", service: "scheduleTest", writers: ["bookInTransaction"], notifies: "notifyTestScheduled", whom: "the candidate (booked by client staff); the evaluator booked" },
  { file: "scheduling/service.ts", service: "allowCandidateScheduling", notifies: "notifyToSchedule", whom: "the candidate (to choose a time)" },
  { file: "assignment/cancel.ts", service: "cancelLiveTest", notifies: "notifyTestCancelled", whom: "the candidate and the evaluator booked (.ics CANCEL)" },
  { file: "assignment/cancel.ts", service: "deleteTest", notifies: "notifyTestCancelled", whom: "the candidate (and the evaluator, .ics CANCEL, when it had an appointment)" },
  { file: "proctoring/reservations/service.ts", service: "confirmReservation", writers: ["reserveInTransaction"], notifies: "notifyReservation", whom: "the candidate (reserved by staff); the proctor booked; assign only: the candidate, to choose a time" },
  { file: "proctoring/reservations/cancel.ts", service: "cancelReservation", notifies: "notifyReservation", whom: "the candidate (cancelled by staff); the proctor (.ics CANCEL)" },
  { file: "video/stale-sessions.ts", service: "endStaleSessions", notifies: "notifySessionSubmitted", whom: "the candidate and the evaluator of a session submitted by nobody" },
  { file: "attempts/delivery-merge.ts", service: "deliverFile", writers: ["merge"], notifies: "notifyAnswersDelivered", whom: "the candidate, when a proctor or administrator uploaded their answers file" },
  { file: "results/scoring/submit.ts", service: "submitResults", notifies: "RESULTS_NOTIFY_JOB", whom: "the account's result recipients (results/scoring/notify.ts)" },
  { file: "results/scoring/submit.ts", service: "markNoShow", notifies: "RESULTS_NOTIFY_JOB", whom: "the account's result recipients (results/scoring/notify.ts)" },
];

/** Writes of the same rows that are a person's own doing (or bookkeeping) and tell nobody, with why. */
export const SELF_CHANGES: { file: string; fn: string; why: string }[] = [
  { file: "evaluator-schedule/administer.ts", fn: "submitObjectiveScores", why: "the session itself, held with the candidate; its result is mailed when recorded (submitResults)" },
  {
    file: "attempts/receive.ts",
    fn: "receive",
    why: "an attempt received: the candidate's own submission (finalizeAttempt; a deadline or the stale-session job call it too: endStaleSessions notifies), phone test ending (calls/ivr/store.ts), paper responses arriving (paper-packages/receive.ts), the administered session",
  },
  { file: "payments/tests-source.ts", fn: "(settle)", why: "the payer's own payment making the test takeable" },
  { file: "proctoring/reservations/fee-source.ts", fn: "settleProctoringFees", why: "the payer's own payment of the reservation's fee" },
];
