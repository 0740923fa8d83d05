/** Answers of a test attempt kept safe in the browser and saved with acknowledgement (DESIGN.md §6). */
export { useAnswerStore, type AnswerStore } from "./useAnswerStore";
export { SaveIndicator } from "./SaveIndicator";
export { AUTOSAVE_DELAY_MS, RETRY_DELAYS_MS, type AnswerSnapshot, type SaveStatus } from "./answerSync";
export type { SeedItem } from "./answerQueue";
export type { SubmitOutput } from "./transport";
export { DeliveryFileOffer, OFFER_AFTER_MS, offerReason } from "./DeliveryFileOffer";
export { loadSealing } from "./sealing";
export { answersInOrder, checkReceipt, type ReceiptCheck } from "./receiptCheck";
