import { processorDeclineMessages, processorMessageKey } from "@parlance/contract";
import type { CardIntent, ConfirmResult } from "./cardIntent";

/**
 * Stripe Elements, when the server's processor is Stripe: Stripe.js is loaded from Stripe (it must
 * be, by Stripe's rules) and its card Element takes the card in Stripe's own frame, so no card
 * number ever reaches this app or our server. Stripe.js handles the authentication step (3D Secure)
 * itself. Only the calls used here are typed.
 */
interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
}
interface StripeJs {
  elements(): { create(type: "card", options?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(secret: string, data: { payment_method: { card: StripeCardElement } }): Promise<{ error?: StripeError }>;
  confirmCardSetup(secret: string, data: { payment_method: { card: StripeCardElement } }): Promise<{ error?: StripeError }>;
}
/** Stripe.js's error: https://docs.stripe.com/api/errors (code, decline_code, message). */
interface StripeError {
  code?: string;
  decline_code?: string;
  message?: string;
  /** The intent as it is, on an error about its state. */
  payment_intent?: { status?: string };
}
type StripeFactory = (publicKey: string) => StripeJs;

const STRIPE_JS = "https://js.stripe.com/v3";
let loading: Promise<StripeFactory> | null = null;

function loadStripeJs(): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error("Stripe.js did not load"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Stripe.js did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export interface MountedCard {
  confirm(intent: CardIntent): Promise<ConfirmResult>;
  destroy(): void;
}

/** Mounts Stripe's card Element into `el`; confirm() confirms the intent with it. */
export async function mountStripeCard(el: HTMLElement, publicKey: string): Promise<MountedCard> {
  const stripe = (await loadStripeJs())(publicKey);
  const card = stripe.elements().create("card", { hidePostalCode: false });
  card.mount(el);
  return {
    async confirm(intent) {
      const data = { payment_method: { card } };
      const answer = intent.kind === "payment" ? await stripe.confirmCardPayment(intent.clientSecret, data) : await stripe.confirmCardSetup(intent.clientSecret, data);
      if (!answer.error) return { status: "succeeded" };
      const { code, decline_code: declineCode, message = processorDeclineMessages.generic } = answer.error;
      // Someone else paid this intent first (one intent per debt): "already paid", not a decline.
      if (code === "payment_intent_unexpected_state" && answer.error.payment_intent?.status === "succeeded") return { status: "failed", message, messageKey: "payments.errors.alreadyPaid" };
      return { status: "failed", message, messageKey: processorMessageKey({ code, declineCode, message }) };
    },
    destroy: () => card.destroy(),
  };
}
