import Stripe from "stripe";
import { verifyWebhookSignature } from "./signature.js";
import {
  ProcessorError,
  type CreatePaymentIntent,
  type IntentStatus,
  type PaymentProcessor,
  type ProcessorCard,
  type ProcessorEvent,
  type ProcessorPaymentIntent,
  type ProcessorPaymentMethod,
  type ProcessorRefund,
  type ProcessorSetupIntent,
} from "./types.js";

export interface StripeProcessorOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API is (tests point these at a local fake of Stripe's HTTP API). */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === "string" ? v : v.id);

const cardOf = (pm: Stripe.PaymentMethod | string | null | undefined): ProcessorCard | null =>
  pm && typeof pm !== "string" && pm.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null;

/** Stripe's errors become ProcessorErrors with Stripe's own message (a card decline says why). */
async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Stripe.errors.StripeError) {
      throw new ProcessorError(e.message, e.decline_code ?? e.code ?? null, e.statusCode ?? 402);
    }
    throw e;
  }
}

/** The Stripe adapter (stripe 23.x SDK): PaymentIntents, SetupIntents, PaymentMethods, Refunds, webhooks. */
export class StripeProcessor implements PaymentProcessor {
  readonly kind = "stripe" as const;
  readonly publicKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProcessorOptions) {
    this.publicKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  private paymentIntent(pi: Stripe.PaymentIntent): ProcessorPaymentIntent {
    return {
      id: pi.id,
      clientSecret: pi.client_secret ?? "",
      amountCents: pi.amount,
      currency: pi.currency,
      status: pi.status as IntentStatus,
      paymentMethodId: idOf(pi.payment_method),
      card: cardOf(pi.payment_method),
      lastErrorMessage: pi.last_payment_error?.message ?? null,
      metadata: { ...pi.metadata },
    };
  }

  private setupIntent(si: Stripe.SetupIntent): ProcessorSetupIntent {
    return {
      id: si.id,
      clientSecret: si.client_secret ?? "",
      status: si.status as IntentStatus,
      customerId: idOf(si.customer as string | { id: string } | null),
      paymentMethodId: idOf(si.payment_method),
      lastErrorMessage: si.last_setup_error?.message ?? null,
      metadata: { ...si.metadata },
    };
  }

  private paymentMethod(pm: Stripe.PaymentMethod): ProcessorPaymentMethod {
    return { id: pm.id, customerId: idOf(pm.customer as string | { id: string } | null), card: cardOf(pm) };
  }

  createCustomer(input: { description: string; metadata: Record<string, string> }): Promise<{ id: string }> {
    return stripeCall(async () => ({ id: (await this.stripe.customers.create({ description: input.description, metadata: input.metadata })).id }));
  }

  createPaymentIntent(input: CreatePaymentIntent): Promise<ProcessorPaymentIntent> {
    return stripeCall(async () => {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          customer: input.customerId,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          expand: ["payment_method"],
          ...(input.paymentMethodId ? { payment_method: input.paymentMethodId, confirm: true, off_session: true } : {}),
        },
        input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
      );
      return this.paymentIntent(pi);
    });
  }

  retrievePaymentIntent(id: string): Promise<ProcessorPaymentIntent> {
    return stripeCall(async () => this.paymentIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ["payment_method"] })));
  }

  confirmPaymentIntent(id: string, paymentMethodId: string): Promise<ProcessorPaymentIntent> {
    return stripeCall(async () =>
      this.paymentIntent(await this.stripe.paymentIntents.confirm(id, { payment_method: paymentMethodId, expand: ["payment_method"] })),
    );
  }

  cancelPaymentIntent(id: string): Promise<ProcessorPaymentIntent> {
    return stripeCall(async () => this.paymentIntent(await this.stripe.paymentIntents.cancel(id)));
  }

  createSetupIntent(input: { customerId: string; metadata: Record<string, string> }): Promise<ProcessorSetupIntent> {
    return stripeCall(async () =>
      this.setupIntent(
        await this.stripe.setupIntents.create({ customer: input.customerId, metadata: input.metadata, automatic_payment_methods: { enabled: true, allow_redirects: "never" }, usage: "off_session" }),
      ),
    );
  }

  retrieveSetupIntent(id: string): Promise<ProcessorSetupIntent> {
    return stripeCall(async () => this.setupIntent(await this.stripe.setupIntents.retrieve(id)));
  }

  confirmSetupIntent(id: string, paymentMethodId: string): Promise<ProcessorSetupIntent> {
    return stripeCall(async () => this.setupIntent(await this.stripe.setupIntents.confirm(id, { payment_method: paymentMethodId })));
  }

  retrievePaymentMethod(id: string): Promise<ProcessorPaymentMethod> {
    return stripeCall(async () => this.paymentMethod(await this.stripe.paymentMethods.retrieve(id)));
  }

  attachPaymentMethod(id: string, customerId: string): Promise<ProcessorPaymentMethod> {
    return stripeCall(async () => this.paymentMethod(await this.stripe.paymentMethods.attach(id, { customer: customerId })));
  }

  detachPaymentMethod(id: string): Promise<ProcessorPaymentMethod> {
    return stripeCall(async () => this.paymentMethod(await this.stripe.paymentMethods.detach(id)));
  }

  refund(input: { paymentIntentId: string; amountCents: number; metadata: Record<string, string>; idempotencyKey?: string }): Promise<ProcessorRefund> {
    return stripeCall(async () => {
      const r = await this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: input.metadata },
        input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
      );
      return { id: r.id, paymentIntentId: idOf(r.payment_intent) ?? input.paymentIntentId, amountCents: r.amount, status: (r.status ?? "pending") as ProcessorRefund["status"] };
    });
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProcessorEvent {
    return verifyWebhookSignature(rawBody, signatureHeader, this.webhookSecret);
  }
}
