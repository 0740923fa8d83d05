/** What other features use of test taking: the QTI interactions, read-only on the scoring page. */
export { QtiItem, type QtiItemProps } from "./interactions";
