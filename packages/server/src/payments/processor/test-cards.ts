/**
 * Stripe's test card numbers (https://docs.stripe.com/testing) as the test-mode processor answers
 * them, and the checks Stripe makes of a card before it is used. Only what a card does, its brand
 * and its last four digits leave here: the number, CVC and expiry are never kept or logged.
 */
export type CardBehaviour = "succeeds" | "declines" | "authenticates" | "insufficient_funds";

const TEST_CARDS: Record<string, { brand: string; behaviour: CardBehaviour }> = {
  "4242424242424242": { brand: "visa", behaviour: "succeeds" },
  "4000056655665556": { brand: "visa", behaviour: "succeeds" },
  "5555555555554444": { brand: "mastercard", behaviour: "succeeds" },
  "2223003122003222": { brand: "mastercard", behaviour: "succeeds" },
  "378282246310005": { brand: "amex", behaviour: "succeeds" },
  "6011111111111117": { brand: "discover", behaviour: "succeeds" },
  "4000000000000002": { brand: "visa", behaviour: "declines" },
  "4000000000009995": { brand: "visa", behaviour: "insufficient_funds" },
  "4000002760003184": { brand: "visa", behaviour: "authenticates" },
  "4000002500003155": { brand: "visa", behaviour: "authenticates" },
};

/** Stripe's messages, word for word. */
export const stripeMessages = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  incorrectNumber: "Your card number is incorrect.",
  invalidNumber: "Your card number is invalid.",
  notTestCard: "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  expired: "Your card has expired.",
  invalidCvc: "Your card's security code is invalid.",
  authenticationFailed: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
} as const;

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck = { ok: true; brand: string; last4: string; behaviour: CardBehaviour } | { ok: false; code: string; message: string };

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card as Stripe's test mode would and answers what it does (or Stripe's refusal). */
export function checkTestCard(card: CardInput, now = new Date()): CardCheck {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) return { ok: false, code: "invalid_number", message: stripeMessages.invalidNumber };
  if (!luhnValid(number)) return { ok: false, code: "incorrect_number", message: stripeMessages.incorrectNumber };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, code: "invalid_expiry_month", message: stripeMessages.invalidExpiryMonth };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50) return { ok: false, code: "invalid_expiry_year", message: stripeMessages.invalidExpiryYear };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) {
    return { ok: false, code: "expired_card", message: stripeMessages.expired };
  }
  const known = TEST_CARDS[number];
  const cvcLength = known?.brand === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { ok: false, code: "invalid_cvc", message: stripeMessages.invalidCvc };
  if (!known) return { ok: false, code: "card_declined", message: stripeMessages.notTestCard };
  return { ok: true, brand: known.brand, last4: number.slice(-4), behaviour: known.behaviour };
}
