/** Answers of a test attempt kept safe in the browser and saved with acknowledgement (DESIGN.md §6). */
export { useAnswerStore, type AnswerStore } from "./useAnswerStore";
export { SaveIndicator } from "./SaveIndicator";
export { AUTOSAVE_DELAY_MS, RETRY_DELAYS_MS, type AnswerSnapshot, type SaveStatus } from "./answerSync";
export type { SeedItem } from "./answerQueue";
export type { SubmitOutput } from "./transport";
export { DeliveryFileOffer, OFFER_AFTER_MS, loadDeliveryOffer, offerReason } from "./DeliveryFileOffer";
export { loadSealing } from "./sealing";
export type { ReceiptCheck } from "./receiptCheck";
/** The receipt check is needed once, after the submit: it downloads after the first page is drawn, not with it. */
export const loadReceiptCheck = () => import("./receiptCheck");
