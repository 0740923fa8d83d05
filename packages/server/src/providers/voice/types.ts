import type { PhoneCallStatus } from "@parlance/contract";

/**
 * The one voice provider interface (DESIGN.md §7): places the outbound call of a phone test.
 * Twilio in production (twilio.ts); by default the local provider (local.ts), whose calls ring on
 * the developer phone page and run the same IVR engine in the browser, so the phone path works
 * offline. What a call then does is the IVR engine's (calls/ivr); the webhooks are in calls/phone.
 */
export type VoiceProviderKind = "local" | "twilio";

export interface PlaceCall {
  /** Our phone_calls id: the webhooks of this call name it in their paths. */
  callId: number;
  /** E.164. */
  to: string;
}

export interface PlacedCall {
  /** The provider's id of the call (Twilio's CallSid). */
  providerCallId: string;
  status: PhoneCallStatus;
}

/** The provider could not place the call (its own words, for the log; the screen says the spec's text). */
export class VoiceProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface Recording {
  bytes: Buffer;
  contentType: string;
}

export interface VoiceProvider {
  readonly kind: VoiceProviderKind;
  placeCall(call: PlaceCall): Promise<PlacedCall>;
}
