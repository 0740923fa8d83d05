import type { Config } from "../../config.js";
import { LocalVoiceProvider } from "./local.js";
import { TwilioVoiceProvider } from "./twilio.js";
import type { VoiceProvider } from "./types.js";

export type { VoiceProvider, PlaceCall, PlacedCall, Recording, VoiceProviderKind } from "./types.js";
export { VoiceProviderError } from "./types.js";
export { LocalVoiceProvider, localCallId } from "./local.js";
export { TwilioVoiceProvider, statusOfTwilio } from "./twilio.js";

const made = new WeakMap<Config, LocalVoiceProvider | TwilioVoiceProvider>();

/** The configured voice provider (config.voice), one per configuration. */
export function voiceProvider(config: Pick<Config, "voice" | "publicUrl">): LocalVoiceProvider | TwilioVoiceProvider {
  const key = config as Config;
  let provider = made.get(key);
  if (!provider) {
    const v = config.voice;
    provider = v.provider === "twilio" ? new TwilioVoiceProvider({ ...v, publicUrl: config.publicUrl }) : new LocalVoiceProvider();
    made.set(key, provider);
  }
  return provider;
}

export type AnyVoiceProvider = VoiceProvider;
