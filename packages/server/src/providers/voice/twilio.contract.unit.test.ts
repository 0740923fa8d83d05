import { afterAll, beforeAll, describe, expect, it } from "vitest";
import twilio from "twilio";
import { TwilioVoiceProvider } from "./twilio.js";
import { VoiceProviderError } from "./types.js";
import { INVALID_TO_NUMBER, startFakeTwilio, tinyWav, type FakeTwilio } from "./fake-twilio.js";

/**
 * Contract test of the Twilio adapter against a small local fake of Twilio's REST API (the SDK's
 * own request code, reaching the fake through a custom httpClient): what the adapter asks for
 * (method, path, form parameters, Basic authentication), how it reads Twilio's answers and errors,
 * recordings fetched and deleted, and the webhook signature check (valid, forged, wrong URL).
 */
const SID = `AC${"1".repeat(32)}`;
const TOKEN = "contract-test-auth-token-0123456789";
const PUBLIC = "https://portal.example.org";

let fake: FakeTwilio;
let provider: TwilioVoiceProvider;
beforeAll(async () => {
  fake = await startFakeTwilio(SID, TOKEN);
  provider = new TwilioVoiceProvider({ accountSid: SID, authToken: TOKEN, fromNumber: "+16175550100", publicUrl: PUBLIC, apiBaseUrl: fake.url });
});
afterAll(async () => fake?.close());

describe("the Twilio adapter", () => {
  it("places an outbound call whose webhooks are ours, at the public URL", async () => {
    const placed = await provider.placeCall({ callId: 42, to: "+447911123456" });
    expect(placed.providerCallId).toMatch(/^CA[0-9a-f]{32}$/);
    expect(placed.status).toBe("ringing");
    const req = fake.requests.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    expect(req.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    expect(req.params.get("To")).toBe("+447911123456");
    expect(req.params.get("From")).toBe("+16175550100");
    expect(req.params.get("Url")).toBe(`${PUBLIC}/api/calls/phone/twilio/voice/42`);
    expect(req.params.get("Method")).toBe("POST");
    expect(req.params.get("StatusCallback")).toBe(`${PUBLIC}/api/calls/phone/twilio/status/42`);
    expect(req.params.getAll("StatusCallbackEvent")).toEqual(["initiated", "ringing", "answered", "completed"]);
  });

  it("turns Twilio's refusal into a VoiceProviderError with its status", async () => {
    const err = await provider.placeCall({ callId: 43, to: INVALID_TO_NUMBER }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VoiceProviderError);
    expect((err as VoiceProviderError).status).toBe(400);
    expect((err as VoiceProviderError).message).toContain("is not a valid phone number");
  });

  it("is refused with the wrong credentials", async () => {
    const wrong = new TwilioVoiceProvider({ accountSid: SID, authToken: "not-the-token-0123456789", fromNumber: "+16175550100", publicUrl: PUBLIC, apiBaseUrl: fake.url });
    const err = await wrong.placeCall({ callId: 44, to: "+16175550142" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VoiceProviderError);
    expect((err as VoiceProviderError).status).toBe(401);
  });

  it("fetches a recording's WAV with the account's credentials, then deletes it", async () => {
    const wav = tinyWav();
    const sid = fake.addRecording(wav);
    const got = await provider.fetchRecording(sid);
    expect(got.contentType).toBe("audio/wav");
    expect(got.bytes.equals(wav)).toBe(true);
    await provider.deleteRecording(sid);
    expect(fake.deletedRecordings).toContain(sid);
    await expect(provider.fetchRecording(sid)).rejects.toBeInstanceOf(VoiceProviderError);
    await expect(provider.fetchRecording("../../Calls")).rejects.toBeInstanceOf(VoiceProviderError);
  });

  it("hangs a call up", async () => {
    const placed = await provider.placeCall({ callId: 45, to: "+16175550142" });
    await provider.hangUp(placed.providerCallId);
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe(`/2010-04-01/Accounts/${SID}/Calls/${placed.providerCallId}.json`);
    expect(req.params.get("Status")).toBe("completed");
  });

  it("accepts a webhook signed by Twilio for our public URL, and refuses a forged or moved one", () => {
    const url = `${PUBLIC}/api/calls/phone/twilio/voice/42?played=1`;
    const params = { CallSid: `CA${"2".repeat(32)}`, CallStatus: "in-progress", From: "+16175550100", To: "+447911123456" };
    const signature = twilio.getExpectedTwilioSignature(TOKEN, url, params);
    expect(provider.verifyWebhook(url, params, signature)).toBe(true);
    expect(provider.verifyWebhook(url, { ...params, CallStatus: "completed" }, signature)).toBe(false);
    expect(provider.verifyWebhook(url.replace("played=1", "played=2"), params, signature)).toBe(false);
    expect(provider.verifyWebhook(url, params, twilio.getExpectedTwilioSignature("another-token-0123456789", url, params))).toBe(false);
    expect(provider.verifyWebhook(url, params, undefined)).toBe(false);
  });
});
