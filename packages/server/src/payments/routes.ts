import type { paymentRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { forbidden, unauthorized } from "../http/errors.js";
import { rawBodyOf, withRawBody } from "../http/raw-body.js";
import { completePaymentMethod, deletePaymentMethod, paymentMethodView, setupPaymentMethod } from "./card-on-file.js";
import { feesToPay, startFeePayment } from "./pay-fees.js";
import { refundPayment } from "./refunds.js";
import { completePayment } from "./service.js";
import { receiveWebhook } from "./webhook.js";

const signedIn = <S>(scope: S | null): S => {
  if (!scope) throw unauthorized();
  return scope;
};

/** Card payments, the webhook, the card on file and refunds (contract: payments/card.ts). */
export const paymentHandlers = (ctx: AppContext): AreaHandlers<typeof paymentRoutes> => ({
  fees: ({ input, scope }) => feesToPay(ctx, signedIn(scope), input),
  start: ({ input, scope }) => startFeePayment(ctx, signedIn(scope), input),
  complete: ({ input, scope }) => completePayment(ctx, scope, input),
  webhook: withRawBody(({ req }) => {
    const header = req.headers["stripe-signature"];
    if (Array.isArray(header)) throw forbidden();
    return receiveWebhook(ctx, rawBodyOf(req), header);
  }),
  paymentMethod: ({ scope }) => paymentMethodView(ctx, signedIn(scope)),
  setupPaymentMethod: ({ scope }) => setupPaymentMethod(ctx, signedIn(scope)),
  completePaymentMethod: ({ input, scope }) => completePaymentMethod(ctx, signedIn(scope), input),
  deletePaymentMethod: ({ scope }) => deletePaymentMethod(ctx, signedIn(scope)),
  refund: ({ input, scope }) => refundPayment(ctx, signedIn(scope), input),
});
