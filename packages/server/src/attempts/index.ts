/**
 * Attempts (candidate_tests rows): the one home of every state change of an attempt — start, save
 * checks, submit, partially received, received, expired, abandoned, routed to scoring. The states
 * and their moves are in state-machine.ts; other areas import from here only.
 */
export { type AttemptState, canMove, moveAttempt, moveAttempts, startValues } from "./state-machine.js";
export {
  type Attempt,
  type HeldTest,
  answersOf,
  GRACE_MS,
  heldTest,
  isOverdue,
  lockAttempt,
  refuse,
  remainingMs,
  requireOpen,
  startRefusal,
  testNotFound,
  timeLimitMs,
} from "./attempt.js";
export { type AnswerMap, type Receipt, chainLength, isResponseItem, receiptNow } from "./receipt.js";
export { openAttempt } from "./start.js";
export { type Submitted, finalizeAttempt, submitAttempt, submittedReceipt } from "./submit.js";
export { receive } from "./receive.js";
export { EXPIRE_JOB, registerTakingJobs, sweepOverdueAttempts } from "./expiry.js";
export { type RoutedTest, pickEvaluator, REVIEW_SAMPLE_EVERY, routeScoreableTest } from "./routing.js";
export { appendEvents, heldEventsOf, journalSetupOf, openJournal } from "./journal.js";
export { currentDeliveryKey, hpkeSuite, KEY_EPOCH_MS, rotateDeliveryKey } from "./delivery-keys.js";
export { deliverFile } from "./delivery-merge.js";
