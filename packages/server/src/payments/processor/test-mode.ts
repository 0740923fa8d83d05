import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import {
  testProcessorCustomers,
  testProcessorIntents,
  testProcessorPaymentMethods,
  testProcessorRefunds,
} from "../../db/schema/payments.js";
import { signWebhook, verifyWebhookSignature } from "./signature.js";
import { checkTestCard, stripeMessages, type CardInput } from "./test-cards.js";
import {
  ProcessorError,
  type CreatePaymentIntent,
  type IntentStatus,
  type PaymentProcessor,
  type ProcessorEvent,
  type ProcessorPaymentIntent,
  type ProcessorPaymentMethod,
  type ProcessorRefund,
  type ProcessorSetupIntent,
} from "./types.js";

type IntentRow = typeof testProcessorIntents.$inferSelect;
type TestCtx = Pick<AppContext, "config" | "db">;

/** Where the test-mode processor's signed events go: the webhook receiver (payments/webhook.ts). */
export type TestEventReceiver = (ctx: TestCtx, rawBody: string, signatureHeader: string) => Promise<void>;
let receiver: TestEventReceiver | null = null;
export function setTestModeEventReceiver(r: TestEventReceiver): void {
  receiver = r;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("base64url")}`;
const notFound = (id: string) => new ProcessorError(`No such object: '${id}'`, "resource_missing", 404);
const intentName = (kind: "payment" | "setup") => (kind === "payment" ? "PaymentIntent" : "SetupIntent");
const unexpectedState = (kind: "payment" | "setup", verb: string, status: string) =>
  new ProcessorError(`You cannot ${verb} this ${intentName(kind)} because it has a status of ${status}.`, `${kind}_intent_unexpected_state`, 400);
const idempotencyMismatch = (key: string) =>
  new ProcessorError(
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    "idempotency_error",
    400,
  );
const CONFIRMABLE = ["requires_payment_method", "requires_confirmation"];

/**
 * The local default processor (DESIGN.md §7): Stripe-shaped intents kept in our own tables, Stripe's
 * test card numbers (test-cards.ts), brand and last four kept, and its events signed as Stripe signs
 * them and handed to the same webhook receiver. The browser posts cards to its own endpoints
 * (test-mode-endpoints.ts), as Stripe.js posts to Stripe; our payment routes never see a card.
 */
export class TestModeProcessor implements PaymentProcessor {
  readonly kind = "test" as const;
  readonly publicKey: string;
  private readonly webhookSecret: string;

  constructor(
    private readonly ctx: TestCtx,
    options: { publishableKey: string; webhookSecret: string },
  ) {
    this.publicKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
  }

  private get db() {
    return this.ctx.db;
  }

  private async intent(id: string, kind: "payment" | "setup"): Promise<IntentRow> {
    const [row] = await this.db
      .select()
      .from(testProcessorIntents)
      .where(and(eq(testProcessorIntents.id, id), eq(testProcessorIntents.kind, kind)));
    if (!row) throw notFound(id);
    return row;
  }

  private async card(paymentMethodId: string | null) {
    if (!paymentMethodId) return null;
    const [pm] = await this.db.select().from(testProcessorPaymentMethods).where(eq(testProcessorPaymentMethods.id, paymentMethodId));
    return pm ?? null;
  }

  private async paymentIntent(row: IntentRow): Promise<ProcessorPaymentIntent> {
    const pm = await this.card(row.paymentMethodId);
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      amountCents: row.amountCents ?? 0,
      currency: row.currency ?? "usd",
      status: row.status as IntentStatus,
      paymentMethodId: row.paymentMethodId,
      card: pm ? { brand: pm.brand, last4: pm.last4 } : null,
      lastErrorMessage: row.lastErrorMessage,
      metadata: row.metadata,
    };
  }

  private setupIntent(row: IntentRow): ProcessorSetupIntent {
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      status: row.status as IntentStatus,
      customerId: row.customerId,
      paymentMethodId: row.paymentMethodId,
      lastErrorMessage: row.lastErrorMessage,
      metadata: row.metadata,
    };
  }

  /** Signs an event as Stripe does and delivers it to the webhook receiver (as Stripe would POST it). */
  private async emit(type: string, object: { id: string; object: string }): Promise<void> {
    if (!receiver) return;
    const body = JSON.stringify({ id: newId("evt"), object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
    await receiver(this.ctx, body, signWebhook(body, this.webhookSecret));
  }

  async createCustomer(input: { description: string }): Promise<{ id: string }> {
    const id = newId("cus");
    await this.db.insert(testProcessorCustomers).values({ id, description: input.description });
    return { id };
  }

  /** What the card form posts (as Stripe.js creates a PaymentMethod): only brand, last four and behaviour are kept. */
  async createCardPaymentMethod(card: CardInput): Promise<ProcessorPaymentMethod> {
    const checked = checkTestCard(card);
    if (!checked.ok) throw new ProcessorError(checked.message, checked.code, 402);
    const id = newId("pm");
    await this.db.insert(testProcessorPaymentMethods).values({ id, brand: checked.brand, last4: checked.last4, behaviour: checked.behaviour });
    return { id, customerId: null, card: { brand: checked.brand, last4: checked.last4 } };
  }

  async createPaymentIntent(input: CreatePaymentIntent): Promise<ProcessorPaymentIntent> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 50) throw new ProcessorError("Amount must be at least $0.50 usd", "amount_too_small", 400);
    const repeat = await this.byIdempotencyKey(input.idempotencyKey, input.amountCents);
    if (repeat) return this.paymentIntent(repeat);
    const id = newId("pi");
    const [row] = await this.db
      .insert(testProcessorIntents)
      .values({
        id,
        kind: "payment",
        clientSecret: `${id}_secret_${randomBytes(16).toString("base64url")}`,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        status: "requires_payment_method",
        customerId: input.customerId ?? null,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey ?? null,
      })
      .onConflictDoNothing()
      .returning();
    // Two requests with one key at once: the one that lost answers the winner's intent.
    if (!row) return this.paymentIntent((await this.byIdempotencyKey(input.idempotencyKey, input.amountCents))!);
    if (input.paymentMethodId) return this.confirmPaymentIntent(id, input.paymentMethodId);
    return this.paymentIntent(row);
  }

  /** Stripe's idempotent requests: a key seen before answers its first object; other parameters are refused. */
  private async byIdempotencyKey(key: string | undefined, amountCents: number): Promise<IntentRow | null> {
    if (!key) return null;
    const [row] = await this.db.select().from(testProcessorIntents).where(eq(testProcessorIntents.idempotencyKey, key));
    if (row && row.amountCents !== amountCents) throw idempotencyMismatch(key);
    return row ?? null;
  }

  /**
   * Moves an intent from one of `from` to new values in one statement, as Stripe does: of two
   * confirmations at once one wins and the other is refused with the state it found.
   */
  private async transition(id: string, kind: "payment" | "setup", from: string[], values: Partial<IntentRow>, verb: string): Promise<IntentRow> {
    const [row] = await this.db
      .update(testProcessorIntents)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(testProcessorIntents.id, id), inArray(testProcessorIntents.status, from)))
      .returning();
    if (row) return row;
    const now = await this.intent(id, kind);
    throw unexpectedState(kind, verb, now.status);
  }

  retrievePaymentIntent(id: string): Promise<ProcessorPaymentIntent> {
    return this.intent(id, "payment").then((row) => this.paymentIntent(row));
  }

  /** The browser's confirmation: the client secret proves it was given this intent. */
  async confirmWithClientSecret(kind: "payment" | "setup", id: string, clientSecret: string, paymentMethodId: string) {
    const row = await this.intent(id, kind);
    if (row.clientSecret !== clientSecret) throw notFound(id);
    return kind === "payment" ? this.confirmPaymentIntent(id, paymentMethodId) : this.confirmSetupIntent(id, paymentMethodId);
  }

  async confirmPaymentIntent(id: string, paymentMethodId: string): Promise<ProcessorPaymentIntent> {
    const row = await this.intent(id, "payment");
    if (!CONFIRMABLE.includes(row.status)) throw unexpectedState("payment", "confirm", row.status);
    const pm = await this.card(paymentMethodId);
    if (!pm) throw notFound(paymentMethodId);
    if (pm.behaviour === "declines" || pm.behaviour === "insufficient_funds") {
      const message = pm.behaviour === "declines" ? stripeMessages.declined : stripeMessages.insufficientFunds;
      await this.transition(id, "payment", CONFIRMABLE, { status: "requires_payment_method", paymentMethodId, lastErrorMessage: message }, "confirm");
      await this.emit("payment_intent.payment_failed", { id, object: "payment_intent" });
      throw new ProcessorError(message, pm.behaviour === "declines" ? "card_declined" : "insufficient_funds", 402);
    }
    if (pm.behaviour === "authenticates") {
      const updated = await this.transition(id, "payment", CONFIRMABLE, { status: "requires_action", paymentMethodId, lastErrorMessage: null }, "confirm");
      await this.emit("payment_intent.requires_action", { id, object: "payment_intent" });
      return this.paymentIntent(updated);
    }
    // One statement from a confirmable state: ten confirmations at once charge the card once.
    const updated = await this.transition(id, "payment", CONFIRMABLE, { status: "succeeded", paymentMethodId, lastErrorMessage: null }, "confirm");
    await this.emit("payment_intent.succeeded", { id, object: "payment_intent" });
    return this.paymentIntent(updated);
  }

  /** The local authentication step (3D Secure in Stripe): completed or failed by the card holder. */
  async authenticate(kind: "payment" | "setup", id: string, clientSecret: string, complete: boolean) {
    const row = await this.intent(id, kind);
    if (row.clientSecret !== clientSecret) throw notFound(id);
    if (row.status !== "requires_action") throw new ProcessorError(`This intent has a status of ${row.status}.`, "unexpected_state", 400);
    const objectType = kind === "payment" ? "payment_intent" : "setup_intent";
    if (!complete) {
      const failed = await this.transition(id, kind, ["requires_action"], { status: "requires_payment_method", lastErrorMessage: stripeMessages.authenticationFailed }, "authenticate");
      await this.emit(kind === "payment" ? "payment_intent.payment_failed" : "setup_intent.setup_failed", { id, object: objectType });
      return kind === "payment" ? this.paymentIntent(failed) : this.setupIntent(failed);
    }
    const done = await this.transition(id, kind, ["requires_action"], { status: "succeeded", lastErrorMessage: null }, "authenticate");
    if (kind === "setup" && done.customerId && done.paymentMethodId) await this.attachPaymentMethod(done.paymentMethodId, done.customerId);
    await this.emit(kind === "payment" ? "payment_intent.succeeded" : "setup_intent.succeeded", { id, object: objectType });
    return kind === "payment" ? this.paymentIntent(done) : this.setupIntent(done);
  }

  async cancelPaymentIntent(id: string): Promise<ProcessorPaymentIntent> {
    // Stripe cancels an intent that has not succeeded (nor is canceled already).
    const updated = await this.transition(id, "payment", [...CONFIRMABLE, "requires_action", "processing", "requires_capture"], { status: "canceled" }, "cancel");
    await this.emit("payment_intent.canceled", { id, object: "payment_intent" });
    return this.paymentIntent(updated);
  }

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string> }): Promise<ProcessorSetupIntent> {
    const id = newId("seti");
    const [row] = await this.db
      .insert(testProcessorIntents)
      .values({
        id,
        kind: "setup",
        clientSecret: `${id}_secret_${randomBytes(16).toString("base64url")}`,
        status: "requires_payment_method",
        customerId: input.customerId,
        metadata: input.metadata,
      })
      .returning();
    return this.setupIntent(row!);
  }

  retrieveSetupIntent(id: string): Promise<ProcessorSetupIntent> {
    return this.intent(id, "setup").then((row) => this.setupIntent(row));
  }

  async confirmSetupIntent(id: string, paymentMethodId: string): Promise<ProcessorSetupIntent> {
    const row = await this.intent(id, "setup");
    if (row.status !== "requires_payment_method" && row.status !== "requires_confirmation") {
      throw new ProcessorError(`You cannot confirm this SetupIntent because it has a status of ${row.status}.`, "setup_intent_unexpected_state", 400);
    }
    const pm = await this.card(paymentMethodId);
    if (!pm) throw notFound(paymentMethodId);
    if (pm.behaviour === "declines" || pm.behaviour === "insufficient_funds") {
      await this.transition(id, "setup", CONFIRMABLE, { status: "requires_payment_method", paymentMethodId, lastErrorMessage: stripeMessages.declined }, "confirm");
      await this.emit("setup_intent.setup_failed", { id, object: "setup_intent" });
      throw new ProcessorError(stripeMessages.declined, "card_declined", 402);
    }
    if (pm.behaviour === "authenticates") {
      return this.setupIntent(await this.transition(id, "setup", CONFIRMABLE, { status: "requires_action", paymentMethodId, lastErrorMessage: null }, "confirm"));
    }
    const updated = await this.transition(id, "setup", CONFIRMABLE, { status: "succeeded", paymentMethodId, lastErrorMessage: null }, "confirm");
    if (updated.customerId) await this.attachPaymentMethod(paymentMethodId, updated.customerId);
    await this.emit("setup_intent.succeeded", { id, object: "setup_intent" });
    return this.setupIntent(updated);
  }

  async retrievePaymentMethod(id: string): Promise<ProcessorPaymentMethod> {
    const pm = await this.card(id);
    if (!pm) throw notFound(id);
    return { id, customerId: pm.customerId, card: { brand: pm.brand, last4: pm.last4 } };
  }

  async attachPaymentMethod(id: string, customerId: string): Promise<ProcessorPaymentMethod> {
    const [customer] = await this.db.select().from(testProcessorCustomers).where(eq(testProcessorCustomers.id, customerId));
    if (!customer) throw notFound(customerId);
    const [pm] = await this.db.update(testProcessorPaymentMethods).set({ customerId }).where(eq(testProcessorPaymentMethods.id, id)).returning();
    if (!pm) throw notFound(id);
    return { id, customerId, card: { brand: pm.brand, last4: pm.last4 } };
  }

  async detachPaymentMethod(id: string): Promise<ProcessorPaymentMethod> {
    const [pm] = await this.db.update(testProcessorPaymentMethods).set({ customerId: null }).where(eq(testProcessorPaymentMethods.id, id)).returning();
    if (!pm) throw notFound(id);
    return { id, customerId: null, card: { brand: pm.brand, last4: pm.last4 } };
  }

  /**
   * A refund, as Stripe makes one: never more than is left of the charge (the intent is locked while
   * the refunded total is read, so refunds at once cannot pass it together), and a repeated
   * Idempotency-Key answers the first refund.
   */
  async refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey?: string }): Promise<ProcessorRefund> {
    const key = input.idempotencyKey ?? null;
    const made = await this.db.transaction(async (tx) => {
      const [pi] = await tx
        .select()
        .from(testProcessorIntents)
        .where(and(eq(testProcessorIntents.id, input.paymentIntentId), eq(testProcessorIntents.kind, "payment")))
        .for("update");
      if (!pi) throw notFound(input.paymentIntentId);
      if (key) {
        const [seen] = await tx.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.idempotencyKey, key));
        if (seen && (seen.paymentIntentId !== pi.id || seen.amountCents !== input.amountCents)) throw idempotencyMismatch(key);
        if (seen) return { id: seen.id, repeat: true };
      }
      if (pi.status !== "succeeded") throw new ProcessorError(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, "charge_not_refundable", 400);
      const [{ refunded }] = (await tx
        .select({ refunded: sql<number>`coalesce(sum(${testProcessorRefunds.amountCents}), 0)::int` })
        .from(testProcessorRefunds)
        .where(eq(testProcessorRefunds.paymentIntentId, pi.id))) as [{ refunded: number }];
      if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents + refunded > (pi.amountCents ?? 0)) {
        throw new ProcessorError(`Refund amount ($${(input.amountCents / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(((pi.amountCents ?? 0) - refunded) / 100).toFixed(2)})`, "amount_too_large", 400);
      }
      const id = newId("re");
      await tx.insert(testProcessorRefunds).values({ id, paymentIntentId: pi.id, amountCents: input.amountCents, idempotencyKey: key });
      return { id, repeat: false };
    });
    if (!made.repeat) await this.emit("refund.created", { id: made.id, object: "refund" });
    return { id: made.id, paymentIntentId: input.paymentIntentId, amountCents: input.amountCents, status: "succeeded" };
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProcessorEvent {
    return verifyWebhookSignature(rawBody, signatureHeader, this.webhookSecret);
  }
}
