import type { TestApp } from "../test/harness.js";

/** Test helpers of the payments area (used only by *.api.test.ts). */
const EXP = { exp_month: 9, exp_year: 2041 };

/** The browser's part, as the local card form does it: the card to the processor, then confirm. */
export async function payWithCard(app: TestApp, start: { chargeIdentifier: string; clientSecret: string; publicKey: string }, number: string) {
  const pm = await app.request({ method: "POST", url: "/test-processor/v1/payment_methods", body: { key: start.publicKey, type: "card", card: { number, ...EXP, cvc: "072" } } });
  if (pm.statusCode !== 200) return pm;
  return app.request({
    method: "POST",
    url: `/test-processor/v1/payment_intents/${start.chargeIdentifier}/confirm`,
    body: { key: start.publicKey, client_secret: start.clientSecret, payment_method: pm.json().id },
  });
}

