/**
 * The result log (docs/verification.md "The result log"): an append-only RFC 9162 Merkle log of
 * results issued, changed and revoked and the audit events that touch them, with signed
 * checkpoints. Other areas call logResult in the transaction of their change.
 */
export { type ResultEvent, logIssuedOnce, logResult } from "./events.js";
export { appendToResultLog, RESULT_LOG_LOCK_KEY } from "./sequencer.js";
export { logKeys } from "./keys.js";
