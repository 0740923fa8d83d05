import type { PlaceCall, PlacedCall, VoiceProvider } from "./types.js";

/**
 * The local voice provider (the default outside production and offline): placing a call records
 * it, and it rings on the developer phone page (/dev/phone), which answers it and runs the IVR
 * engine in the browser. Nothing leaves the machine.
 */
export class LocalVoiceProvider implements VoiceProvider {
  readonly kind = "local" as const;

  placeCall(call: PlaceCall): Promise<PlacedCall> {
    return Promise.resolve({ providerCallId: localCallId(call.callId), status: "ringing" });
  }
}

/** The local provider's id of a call: the engine's phone channel knows the call by it. */
export const localCallId = (callId: number) => `local-${callId}`;
