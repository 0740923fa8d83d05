/** What other areas use of results (scoring, evaluators, verification, reports). */
export { dueAtFor, validZone } from "./scoring/due.js";
export { automaticState, CHOICE_OBJECTIVE } from "./scoring/rubrics.js";
export { scoreableFor } from "./scoring/access.js";
export { issueCredential, ensureCredential, revokeCredential, rotateKey, loadKeyRing } from "./credentials/index.js";
