/** The QTI 3 interactions (issue 29): drawn in the test runner and, read-only, on the scoring page. */
export { QtiItem, type QtiItemProps } from "./QtiItem";
export { completion, questionKind, hasValue, isAnswerable } from "../qtiResponse";
export type { MediaRenderer } from "./types";
