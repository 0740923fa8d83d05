/** What other areas use of results (scoring, evaluators, verification, reports). */
export { dueAtFor } from "./scoring/due.js";
export { automaticState, CHOICE_OBJECTIVE } from "./scoring/rubrics.js";
