/**
 * The card processor's refusals (a decline, a failed authentication, a card Stripe finds wrong) in
 * Stripe's own words, and the i18n keys they are shown under (web i18n section `processorMessages`,
 * en-US text = these strings word for word). The server passes the key with the message
 * (messageKey); the card form shows t(key, {defaultValue: message}).
 */
export const processorDeclineMessages = {
  cardDeclined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  expiredCard: "Your card has expired.",
  incorrectCvc: "Your card's security code is incorrect.",
  invalidCvc: "Your card's security code is invalid.",
  incorrectNumber: "Your card number is incorrect.",
  invalidNumber: "Your card number is invalid.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  incompleteNumber: "Your card number is incomplete.",
  incompleteCvc: "Your card's security code is incomplete.",
  incompleteExpiry: "Your card's expiration date is incomplete.",
  incompleteZip: "Your postal code is incomplete.",
  testModeLiveCard:
    "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
  authenticationFailed: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  processingError: "An error occurred while processing your card. Try again in a little bit.",
  generic: "An unexpected error occurred.",
} as const;

export type ProcessorMessageName = keyof typeof processorDeclineMessages;
export const PROCESSOR_MESSAGES_SECTION = "processorMessages";

/** Stripe's error codes and decline codes (https://docs.stripe.com/declines/codes) → message. */
const BY_CODE: Readonly<Record<string, ProcessorMessageName>> = {
  card_declined: "cardDeclined",
  generic_decline: "cardDeclined",
  insufficient_funds: "insufficientFunds",
  expired_card: "expiredCard",
  incorrect_cvc: "incorrectCvc",
  invalid_cvc: "invalidCvc",
  incorrect_number: "incorrectNumber",
  invalid_number: "invalidNumber",
  invalid_expiry_month: "invalidExpiryMonth",
  invalid_expiry_year: "invalidExpiryYear",
  incomplete_number: "incompleteNumber",
  incomplete_cvc: "incompleteCvc",
  incomplete_expiry: "incompleteExpiry",
  incomplete_zip: "incompleteZip",
  processing_error: "processingError",
  authentication_required: "authenticationFailed",
  payment_intent_authentication_failure: "authenticationFailed",
  setup_intent_authentication_failure: "authenticationFailed",
};

/**
 * The key of a processor's refusal: its exact text first (Stripe's wording is the en-US text), then
 * its code or decline code; any other decline code (lost_card, do_not_honor…) reads as Stripe
 * shows them, "Your card was declined."; anything else is the generic message.
 */
export function processorMessageKey(error: { code?: string | null; declineCode?: string | null; message?: string | null }): string {
  const byText = (Object.keys(processorDeclineMessages) as ProcessorMessageName[]).find((name) => processorDeclineMessages[name] === error.message);
  const name: ProcessorMessageName =
    byText ?? BY_CODE[error.declineCode ?? ""] ?? BY_CODE[error.code ?? ""] ?? (error.declineCode ? "cardDeclined" : "generic");
  return `${PROCESSOR_MESSAGES_SECTION}.${name}`;
}
