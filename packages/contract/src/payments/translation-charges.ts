import { z } from "zod";
import { defineRoute } from "../route.js";
import { recordId } from "../settings/fields.js";
import { cardPaymentStart } from "./card.js";

/**
 * A translation project's card charge (client-administration.md §3 Card charge; evaluators-results-
 * account.md §3 ChargeProject): the provider's staff create the charge for an account, the client's
 * users pay it by card on the charge page, then see the payment-complete page. Fee source "translation".
 */

export const MAX_TRANSLATION_CHARGE_CENTS = 10_000_000; // $100,000.00

export const translationChargeMessages = {
  badId: "The charge id must be a positive whole number.",
  badAccount: "The account id must be a positive whole number.",
  saleNumberRequired: "Please provide the project's sale number.",
  descriptionRequired: "Please provide a description.",
  badAmount: "The amount must be a whole number of cents from 1 to 10000000.",
  alreadyPaid: "This charge has already been paid.",
  noTranslation: "That account does not buy translation.",
} as const;
export type TranslationChargeMessage = keyof typeof translationChargeMessages;

/** The spec's Card charge, plus ChargeProject's saleNumber and the charge's state. */
export const cardCharge = z.object({
  id: z.number().int(),
  /** In cents. */
  amount: z.number().int(),
  /** The fee line item the payment settles ("translation:{id}"). */
  charge_identifier: z.string(),
  description: z.string(),
  saleNumber: z.string(),
  stripePublicKey: z.string(),
  accountName: z.string(),
  paidAt: z.string().nullable(),
});
export type CardCharge = z.infer<typeof cardCharge>;

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters.`);

export const translationChargeRoutes = {
  create: defineRoute({
    method: "POST",
    path: "/api/translation_charges/create",
    input: z.object({
      accountId: recordId(translationChargeMessages.badAccount),
      saleNumber: text(30, translationChargeMessages.saleNumberRequired),
      description: text(200, translationChargeMessages.descriptionRequired),
      amountCents: z
        .number({ error: translationChargeMessages.badAmount })
        .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_TRANSLATION_CHARGE_CENTS, translationChargeMessages.badAmount),
    }),
    output: z.object({ success: z.boolean(), id: z.number().int(), link: z.string() }),
    access: "chargeTranslation",
    failure: "generic",
    summary: "The provider's staff create a translation project charge for an account (audited)",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/translation_charges/:id",
    params: z.object({ id: recordId(translationChargeMessages.badId) }),
    input: z.object({}),
    output: cardCharge,
    access: "translation",
    failure: "listLoadFailure",
    summary: "A translation project charge of the caller's account (the charge page's data)",
  }),
  pay: defineRoute({
    method: "POST",
    path: "/api/translation_charges/:id/pay",
    params: z.object({ id: recordId(translationChargeMessages.badId) }),
    input: z.object({}),
    output: cardPaymentStart,
    access: "translation",
    failure: "generic",
    summary: "Starts a card payment of the charge (fee source translation); 422 when it is paid already",
  }),
} as const;

/** The charge page and its payment-complete page (not named by the spec; docs/api.md). */
export const translationChargePath = (id: number) => `/translation/projects/charge/${id}`;
export const translationChargeCompletePath = (id: number) => `/translation/projects/charge/${id}/complete`;
