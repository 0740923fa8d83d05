import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StripeProcessor } from "./stripe.js";
import { signWebhook } from "./signature.js";
import { ProcessorError, WebhookSignatureError } from "./types.js";

/**
 * Contract test of the Stripe adapter against a small local fake of Stripe's HTTP API (the SDK is
 * pointed at it by host, port and protocol): the requests the adapter makes (method, path,
 * form-encoded parameters, the secret key) and how it reads Stripe's answers and errors; and the
 * webhook signature check (valid, tampered, stale).
 */
interface Seen {
  method: string;
  path: string;
  params: URLSearchParams;
  auth: string | undefined;
  idempotencyKey: string | undefined;
}
const seen: Seen[] = [];
const objects = new Map<string, Record<string, unknown>>();
let counter = 0;
let server: http.Server;
let stripe: StripeProcessor;
const SECRET = "whsec_contract_test";

const cardOf = (pm: string) =>
  pm === "pm_card_mastercard" ? { brand: "mastercard", last4: "4444" } : pm === "pm_card_chargeDeclined" ? { brand: "visa", last4: "0002" } : { brand: "visa", last4: "4242" };

/** The SDK sends arrays as expand[0]=…, expand[1]=…. */
const expands = (p: URLSearchParams) => [...p.entries()].filter(([k]) => k.startsWith("expand[")).map(([, v]) => v);

function paymentMethod(id: string, customer: string | null = null) {
  return { id, object: "payment_method", type: "card", customer, card: { ...cardOf(id), exp_month: 12, exp_year: 2040 } };
}

function fakeStripe(method: string, path: string, p: URLSearchParams): [number, unknown] {
  const parts = path.split("/").filter(Boolean); // v1, resource, id, action
  const [, resource, id, action] = parts;
  const error = (status: number, type: string, message: string, code?: string, decline_code?: string) => [status, { error: { type, message, code, decline_code } }] as [number, unknown];
  if (resource === "customers" && method === "POST") {
    const c = { id: `cus_${++counter}`, object: "customer", description: p.get("description"), metadata: {} };
    objects.set(c.id, c);
    return [200, c];
  }
  if (resource === "payment_intents") {
    if (method === "POST" && !id) {
      const pi = {
        id: `pi_${++counter}`,
        object: "payment_intent",
        amount: Number(p.get("amount")),
        currency: p.get("currency"),
        description: p.get("description"),
        status: "requires_payment_method",
        client_secret: `pi_${counter}_secret_abc`,
        payment_method: null as unknown,
        last_payment_error: null as unknown,
        metadata: { accountId: p.get("metadata[accountId]") },
      };
      objects.set(pi.id, pi);
      return [200, pi];
    }
    const pi = objects.get(id!);
    if (!pi) return error(404, "invalid_request_error", `No such payment_intent: '${id}'`, "resource_missing");
    if (method === "POST" && action === "confirm") {
      const pm = p.get("payment_method")!;
      if (pm === "pm_card_chargeDeclined") {
        Object.assign(pi, { status: "requires_payment_method", last_payment_error: { message: "Your card was declined.", code: "card_declined" } });
        return error(402, "card_error", "Your card was declined.", "card_declined", "generic_decline");
      }
      Object.assign(pi, { status: "succeeded", payment_method: expands(p).includes("payment_method") ? paymentMethod(pm) : pm });
      return [200, pi];
    }
    if (method === "POST" && action === "cancel") return [200, Object.assign(pi, { status: "canceled" })];
    if (method === "GET") {
      const pmId = typeof pi.payment_method === "string" ? pi.payment_method : (pi.payment_method as { id?: string } | null)?.id;
      return [200, { ...pi, payment_method: pmId && expands(p).includes("payment_method") ? paymentMethod(pmId) : (pmId ?? null) }];
    }
  }
  if (resource === "setup_intents") {
    if (method === "POST" && !id) {
      const si = { id: `seti_${++counter}`, object: "setup_intent", status: "requires_payment_method", client_secret: `seti_${counter}_secret_abc`, customer: p.get("customer"), payment_method: null as unknown, last_setup_error: null, metadata: {} };
      objects.set(si.id, si);
      return [200, si];
    }
    const si = objects.get(id!);
    if (!si) return error(404, "invalid_request_error", `No such setupintent: '${id}'`, "resource_missing");
    if (method === "POST" && action === "confirm") return [200, Object.assign(si, { status: "succeeded", payment_method: p.get("payment_method") })];
    return [200, si];
  }
  if (resource === "payment_methods") {
    if (method === "GET") return [200, paymentMethod(id!)];
    if (action === "attach") return [200, paymentMethod(id!, p.get("customer"))];
    if (action === "detach") return [200, paymentMethod(id!)];
  }
  if (resource === "refunds" && method === "POST") {
    const pi = objects.get(p.get("payment_intent")!);
    if (!pi || Number(p.get("amount")) > (pi.amount as number)) return error(400, "invalid_request_error", "Refund amount is greater than unrefunded amount on charge", "amount_too_large");
    return [200, { id: `re_${++counter}`, object: "refund", amount: Number(p.get("amount")), payment_intent: pi.id, status: "succeeded" }];
  }
  return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const url = new URL(req.url!, "http://localhost");
      const params = new URLSearchParams(req.method === "GET" ? url.search : body);
      const idem = req.headers["idempotency-key"];
      seen.push({ method: req.method!, path: url.pathname, params, auth: req.headers.authorization, idempotencyKey: typeof idem === "string" ? idem : undefined });
      const [status, answer] = fakeStripe(req.method!, url.pathname, params);
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${counter}` });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stripe = new StripeProcessor({
    secretKey: "sk_test_contract",
    publishableKey: "pk_test_contract",
    webhookSecret: SECRET,
    host: "127.0.0.1",
    port: (server.address() as AddressInfo).port,
    protocol: "http",
  });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const last = () => seen[seen.length - 1]!;

describe("the Stripe adapter against a fake of Stripe's API", () => {
  it("creates a PaymentIntent: amount in cents, currency, description, metadata, card payments without redirects, the secret key", async () => {
    const pi = await stripe.createPaymentIntent({ amountCents: 2300, currency: "usd", description: "English Reading Proficiency", metadata: { accountId: "7" }, idempotencyKey: "k-1" });
    const req = last();
    expect([req.method, req.path, req.auth]).toEqual(["POST", "/v1/payment_intents", "Bearer sk_test_contract"]);
    expect(req.params.get("amount")).toBe("2300");
    expect(req.params.get("currency")).toBe("usd");
    expect(req.params.get("description")).toBe("English Reading Proficiency");
    expect(req.params.get("metadata[accountId]")).toBe("7");
    expect(req.params.get("automatic_payment_methods[enabled]")).toBe("true");
    expect(req.params.get("automatic_payment_methods[allow_redirects]")).toBe("never");
    expect(req.idempotencyKey).toBe("k-1");
    expect(pi).toMatchObject({ amountCents: 2300, currency: "usd", status: "requires_payment_method", clientSecret: expect.stringMatching(/_secret_/), card: null, lastErrorMessage: null });
    expect(stripe.publicKey).toBe("pk_test_contract");
  });

  it("retrieves and confirms a PaymentIntent with its card expanded (brand and last four); a decline is Stripe's message", async () => {
    const pi = await stripe.createPaymentIntent({ amountCents: 1500, currency: "usd", description: "x", metadata: {} });
    const declined = await stripe.confirmPaymentIntent(pi.id, "pm_card_chargeDeclined").catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(ProcessorError);
    expect(declined).toMatchObject({ message: "Your card was declined.", code: "generic_decline", statusCode: 402 });
    const failed = await stripe.retrievePaymentIntent(pi.id);
    expect(failed).toMatchObject({ status: "requires_payment_method", lastErrorMessage: "Your card was declined." });
    const ok = await stripe.confirmPaymentIntent(pi.id, "pm_card_visa");
    expect(last().path).toBe(`/v1/payment_intents/${pi.id}/confirm`);
    expect(expands(last().params)).toEqual(["payment_method"]);
    expect(ok).toMatchObject({ status: "succeeded", paymentMethodId: "pm_card_visa", card: { brand: "visa", last4: "4242" } });
    const again = await stripe.retrievePaymentIntent(pi.id);
    expect([last().method, last().path]).toEqual(["GET", `/v1/payment_intents/${pi.id}`]);
    expect(again.card).toEqual({ brand: "visa", last4: "4242" });
    await expect(stripe.retrievePaymentIntent("pi_missing")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("creates a customer and a SetupIntent for it, confirms it, attaches and detaches the payment method", async () => {
    const customer = await stripe.createCustomer({ description: "Northwind Health", metadata: { accountId: "1" } });
    expect(last().params.get("description")).toBe("Northwind Health");
    const si = await stripe.createSetupIntent({ customerId: customer.id, metadata: { accountId: "1" } });
    expect(last().params.get("customer")).toBe(customer.id);
    expect(last().params.get("usage")).toBe("off_session");
    expect(si).toMatchObject({ status: "requires_payment_method", customerId: customer.id });
    const confirmed = await stripe.confirmSetupIntent(si.id, "pm_card_mastercard");
    expect(confirmed).toMatchObject({ status: "succeeded", paymentMethodId: "pm_card_mastercard" });
    expect((await stripe.retrieveSetupIntent(si.id)).status).toBe("succeeded");
    expect(await stripe.retrievePaymentMethod("pm_card_mastercard")).toEqual({ id: "pm_card_mastercard", customerId: null, card: { brand: "mastercard", last4: "4444" } });
    expect(await stripe.attachPaymentMethod("pm_card_mastercard", customer.id)).toMatchObject({ customerId: customer.id });
    expect([last().method, last().path, last().params.get("customer")]).toEqual(["POST", "/v1/payment_methods/pm_card_mastercard/attach", customer.id]);
    expect(await stripe.detachPaymentMethod("pm_card_mastercard")).toMatchObject({ customerId: null });
    expect(last().path).toBe("/v1/payment_methods/pm_card_mastercard/detach");
  });

  it("refunds part of a payment; more than was paid is Stripe's refusal", async () => {
    const pi = await stripe.createPaymentIntent({ amountCents: 2900, currency: "usd", description: "x", metadata: {} });
    await stripe.confirmPaymentIntent(pi.id, "pm_card_visa");
    const refund = await stripe.refund({ paymentIntentId: pi.id, amountCents: 1000, metadata: { paymentId: "3" }, idempotencyKey: "refund-3" });
    expect([last().path, last().params.get("payment_intent"), last().params.get("amount"), last().idempotencyKey]).toEqual(["/v1/refunds", pi.id, "1000", "refund-3"]);
    expect(refund).toMatchObject({ paymentIntentId: pi.id, amountCents: 1000, status: "succeeded" });
    await expect(stripe.refund({ paymentIntentId: pi.id, amountCents: 99_999, metadata: {} })).rejects.toBeInstanceOf(ProcessorError);
    expect((await stripe.cancelPaymentIntent((await stripe.createPaymentIntent({ amountCents: 100, currency: "usd", description: "x", metadata: {} })).id)).status).toBe("canceled");
  });
});

describe("webhook signatures (Stripe's scheme, the SDK's own check)", () => {
  const body = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded", data: { object: { id: "pi_1", object: "payment_intent" } } });

  it("a valid signature gives the event's type and object", () => {
    expect(stripe.verifyWebhook(body, signWebhook(body, SECRET))).toEqual({ id: "evt_1", type: "payment_intent.succeeded", objectType: "payment_intent", objectId: "pi_1" });
    expect(stripe.verifyWebhook(Buffer.from(body), signWebhook(body, SECRET)).objectId).toBe("pi_1");
  });

  it("a tampered body, another secret, a stale or missing signature are refused", () => {
    const header = signWebhook(body, SECRET);
    expect(() => stripe.verifyWebhook(body.replace("pi_1", "pi_2"), header)).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyWebhook(body, signWebhook(body, "whsec_other"))).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyWebhook(body, signWebhook(body, SECRET, Math.floor(Date.now() / 1000) - 301))).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyWebhook(body, "t=1,v1=abc")).toThrow(WebhookSignatureError);
  });
});
