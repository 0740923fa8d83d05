import twilio from "twilio";
import type { PhoneCallStatus } from "@parlance/contract";
import { VoiceProviderError, type PlaceCall, type PlacedCall, type Recording, type VoiceProvider } from "./types.js";

export interface TwilioVoiceOptions {
  accountSid: string;
  authToken: string;
  /** The caller id: a Twilio number of the account, E.164. */
  fromNumber: string;
  /** The portal's public address: Twilio calls the webhooks there, and signs them for that URL. */
  publicUrl: string;
  /** Where Twilio's REST API is (tests point it at a local fake); default https://api.twilio.com. */
  apiBaseUrl?: string;
}

const TWILIO_API = "https://api.twilio.com";

/** Twilio's call statuses in ours. */
export function statusOfTwilio(status: string | undefined): PhoneCallStatus | null {
  switch (status) {
    case "queued":
    case "initiated":
    case "ringing":
      return "ringing";
    case "in-progress":
      return "in_progress";
    case "completed":
      return "completed";
    case "busy":
      return "busy";
    case "no-answer":
      return "no_answer";
    case "canceled":
      return "canceled";
    case "failed":
      return "failed";
    default:
      return null;
  }
}

/**
 * The SDK's own HTTP client with the API's origin replaced (the SDK accepts a custom httpClient):
 * the SDK builds every request as in production, and the fake of the contract test answers it.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 20_000 });
  }

  override request<TData>(opts: Parameters<InstanceType<typeof twilio.RequestClient>["request"]>[0] & { data?: TData }) {
    const uri = opts.uri.replace(/^https:\/\/[a-z0-9.-]*twilio\.com/, this.base);
    return super.request<TData>({ ...opts, uri });
  }
}

/** The Twilio adapter (twilio 6.x): outbound calls, webhook signatures, recordings. */
export class TwilioVoiceProvider implements VoiceProvider {
  readonly kind = "twilio" as const;
  private readonly client: ReturnType<typeof twilio>;
  private readonly apiBase: string;

  constructor(private readonly options: TwilioVoiceOptions) {
    this.apiBase = (options.apiBaseUrl ?? TWILIO_API).replace(/\/$/, "");
    this.client = twilio(options.accountSid, options.authToken, {
      httpClient: options.apiBaseUrl ? new RebasedRequestClient(this.apiBase) : undefined,
      autoRetry: true,
      maxRetries: 2,
    });
  }

  /** A secret of this account for our own signed addresses (the prompts' <Play> URLs). */
  get signingSecret(): string {
    return this.options.authToken;
  }

  /** The public URL of a webhook of ours: what Twilio calls and what it signs. */
  webhookUrl(kind: "voice" | "recording" | "status", callId: number, query = ""): string {
    return `${this.options.publicUrl}/api/calls/phone/twilio/${kind}/${callId}${query}`;
  }

  async placeCall(call: PlaceCall): Promise<PlacedCall> {
    try {
      const placed = await this.client.calls.create({
        to: call.to,
        from: this.options.fromNumber,
        url: this.webhookUrl("voice", call.callId),
        method: "POST",
        statusCallback: this.webhookUrl("status", call.callId),
        statusCallbackMethod: "POST",
        statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
        // Ring for 30 s; a voicemail that answers is not the candidate.
        timeout: 30,
        machineDetection: "Enable",
      });
      return { providerCallId: placed.sid, status: statusOfTwilio(placed.status) ?? "ringing" };
    } catch (e) {
      const status = typeof (e as { status?: unknown }).status === "number" ? (e as { status: number }).status : null;
      throw new VoiceProviderError(e instanceof Error ? e.message : String(e), status);
    }
  }

  /**
   * Whether a webhook request is Twilio's: X-Twilio-Signature over the URL Twilio called (our
   * public URL, not the address the request reached us at behind a proxy) and the POST parameters.
   */
  verifyWebhook(url: string, params: Record<string, string>, signature: string | undefined): boolean {
    if (!signature) return false;
    return twilio.validateRequest(this.options.authToken, signature, url, params);
  }

  /** A recording's audio (WAV), fetched with the account's credentials, into our storage. */
  async fetchRecording(recordingSid: string): Promise<Recording> {
    if (!/^RE[0-9a-f]{32}$/i.test(recordingSid)) throw new VoiceProviderError(`Not a recording id: ${recordingSid}`);
    const url = `${this.apiBase}/2010-04-01/Accounts/${this.options.accountSid}/Recordings/${recordingSid}.wav`;
    const auth = Buffer.from(`${this.options.accountSid}:${this.options.authToken}`).toString("base64");
    const res = await fetch(url, { headers: { authorization: `Basic ${auth}` }, signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new VoiceProviderError(`Recording ${recordingSid}: HTTP ${res.status}`, res.status);
    return { bytes: Buffer.from(await res.arrayBuffer()), contentType: "audio/wav" };
  }

  /** Once the recording is in our storage, Twilio need not keep the candidate's voice. */
  async deleteRecording(recordingSid: string): Promise<void> {
    await this.client.recordings(recordingSid).remove();
  }

  /** Ends a call (the test was withdrawn, or the IVR is done and the line should close). */
  async hangUp(providerCallId: string): Promise<void> {
    await this.client.calls(providerCallId).update({ status: "completed" });
  }
}
