/** Test taking: what other features use of it (the sealed answers file upload, issue 27). */
export { DeliveryUploadButton } from "./delivery";
/** What other features use of test taking: the QTI interactions, read-only on the scoring page. */
export { QtiItem, type QtiItemProps } from "./interactions";
