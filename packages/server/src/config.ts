import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { SSO_MAX_DOMAINS } from "@parlance/contract";
import type { SaveSheddingLimits } from "./taking/save-shedding.js";

/** Every environment variable the server reads, parsed once. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Demo world on first start: on by default for the embedded database. */
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /** The Bearer token Prometheus sends to /metrics (ops/metrics-route.ts); at least 16 characters. */
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").max(500).optional(),
  /** The number candidates dial for a phone (IVR) test, shown on the test page. */
  VOICE_LOCAL_NUMBER: z.string().trim().min(3).max(40).default("+1 617 555 0142"),
  /** The toll-free number for phone (IVR) tests, shown on the overview beside the local one. */
  VOICE_TOLL_FREE_NUMBER: z.string().trim().min(3).max(40).default("+1 800 555 0142"),
  /** Where exam passwords of proctor-service tests are mailed (the proctoring desk). */
  PROCTOR_SERVICE_EMAIL: z.string().email().default("proctoring@parlance.example"),
  /** PostgreSQL: the longest one statement of a request may run (a slower one is cancelled: 503). */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Autosave admission (taking/save-shedding.ts): past any of these bounds a process answers new saves 503 + Retry-After. */
  SAVE_SHED_LOOP_DELAY_MS: z.coerce.number().int().min(1).max(60_000).default(150),
  SAVE_SHED_IN_FLIGHT: z.coerce.number().int().min(0).max(1_000_000).default(256),
  SAVE_SHED_QUEUED: z.coerce.number().int().min(0).max(1_000_000).default(2_000),
  SAVE_SHED_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  SAVE_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** Server processes sharing the port (node:cluster); PostgreSQL only. Default: one per core in production. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Single sign-on (OpenID Connect): all four set = on; none = off. SSO_DOMAINS: comma-separated, at most five. */
  SSO_ISSUER: z.string().url().optional(),
  SSO_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  SSO_DOMAINS: z.string().max(2000).optional(),
  /** Stripe (payments): all three set = Stripe; none = the local test-mode processor. */
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_/, "must start with sk_ or rk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().regex(/^pk_/, "must start with pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_/, "must start with whsec_").optional(),
  /** Video rooms (WebRTC): STUN and TURN servers, comma-separated URLs (docs/video.md). */
  VIDEO_STUN_URLS: z.string().trim().optional(),
  VIDEO_TURN_URLS: z.string().trim().optional(),
  /** coturn's static-auth-secret: each token gets TURN credentials of its own, valid for a day. */
  VIDEO_TURN_SECRET: z.string().trim().min(16).optional(),
  /** Or a fixed TURN user (a managed TURN service's long-term credentials). */
  VIDEO_TURN_USERNAME: z.string().trim().optional(),
  VIDEO_TURN_CREDENTIAL: z.string().trim().optional(),
  /**
   * The result log's signing key (docs/verification.md "The result log"): the base64 of a 32-byte
   * Ed25519 seed (`openssl genpkey -algorithm ed25519 -outform DER | tail -c 32 | base64`). Unset:
   * the development key, which is public; production refuses to start without it.
   */
  RESULT_LOG_KEY: z
    .string()
    .trim()
    .refine((v) => Buffer.from(v, "base64").length === 32, "must be the base64 of a 32-byte Ed25519 seed")
    .optional(),
  /** Retired log keys, comma-separated verifier keys (name+id+key): still published, so old checkpoints verify. */
  RESULT_LOG_OLD_KEYS: z.string().trim().max(10_000).optional(),
  /** The log's origin line and key name (c2sp.org/tlog-checkpoint); default: PUBLIC_URL's host and path + /result-log. */
  RESULT_LOG_ORIGIN: z
    .string()
    .trim()
    .regex(/^[^\s+]+$/, "must have no spaces or plus signs")
    .max(200)
    .optional(),
  /** Voice (phone tests): "local" (the developer phone) or "twilio" (needs the TWILIO_* values). */
  VOICE_PROVIDER: z.enum(["local", "twilio"]).default("local"),
  TWILIO_ACCOUNT_SID: z.string().trim().regex(/^AC[0-9a-fA-F]{32}$/, "must be AC followed by 32 hex digits").optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(16).optional(),
  /** The caller id of outbound calls: a number of the Twilio account, E.164. */
  TWILIO_FROM_NUMBER: z.string().trim().regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 number such as +16175550142").optional(),
  /** Twilio's REST API origin (tests point it at a local fake); default https://api.twilio.com. */
  TWILIO_API_BASE_URL: z.string().url().optional(),
  /** Seals the delivery files' private keys at rest (attempts/delivery-keys.ts): 32 bytes, base64 or 64 hex digits. Required in production. */
  DELIVERY_KEY_SECRET: z.string().trim().optional(),
  /** Encrypts the credential signing keys at rest (docs/verification.md); required in production. */
  CREDENTIAL_KEY_SECRET: z.string().min(32, "must be at least 32 characters").max(500).optional(),
  /** The PDF signing certificate and key: a PKCS#12 file, base64; required in production (dev: a self-signed one). */
  PDF_SIGNING_P12: z.string().trim().min(100).optional(),
  PDF_SIGNING_P12_PASSPHRASE: z.string().max(500).optional(),
  /** The provider's name in every credential's issuer profile and on the PDF signature. */
  CREDENTIAL_ISSUER_NAME: z.string().trim().min(1).max(200).default("Parlance Language Services"),
});

/** The voice provider of phone tests: the developer phone by default, Twilio when configured. */
export type VoiceConfig =
  | { provider: "local" }
  | { provider: "twilio"; accountSid: string; authToken: string; fromNumber: string; apiBaseUrl?: string };

function voiceConfig(e: z.infer<typeof envSchema>): VoiceConfig {
  if (e.VOICE_PROVIDER === "local") return { provider: "local" };
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM_NUMBER) {
    throw new Error("Invalid configuration:\n  VOICE_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER");
  }
  return { provider: "twilio", accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, fromNumber: e.TWILIO_FROM_NUMBER, apiBaseUrl: e.TWILIO_API_BASE_URL };
}

/** STUN/TURN servers handed to both sides of a video room (video/ice-servers.ts). */
export interface VideoConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret?: string;
  turnUsername?: string;
  turnCredential?: string;
}

const urlList = (raw: string | undefined, schemes: RegExp, name: string): string[] => {
  const urls = (raw ?? "").split(",").map((u) => u.trim()).filter(Boolean);
  const bad = urls.find((u) => !schemes.test(u));
  if (bad) throw new Error(`Invalid configuration:\n  ${name}: '${bad}' is not a ${schemes.source} URL`);
  return urls;
};

function videoConfig(e: z.infer<typeof envSchema>): VideoConfig {
  const turnUrls = urlList(e.VIDEO_TURN_URLS, /^turns?:/, "VIDEO_TURN_URLS");
  if (turnUrls.length && !e.VIDEO_TURN_SECRET && !(e.VIDEO_TURN_USERNAME && e.VIDEO_TURN_CREDENTIAL)) {
    throw new Error("Invalid configuration:\n  VIDEO_TURN_URLS needs VIDEO_TURN_SECRET, or VIDEO_TURN_USERNAME and VIDEO_TURN_CREDENTIAL");
  }
  return {
    stunUrls: urlList(e.VIDEO_STUN_URLS, /^stuns?:/, "VIDEO_STUN_URLS"),
    turnUrls,
    turnSecret: e.VIDEO_TURN_SECRET,
    turnUsername: e.VIDEO_TURN_USERNAME,
    turnCredential: e.VIDEO_TURN_CREDENTIAL,
  };
}

/** Single sign-on: the provider (issuer), our client at it, and the email domains that sign in through it. */
export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case; at most SSO_MAX_DOMAINS (the spec's five). */
  domains: string[];
  /** Where the provider sends the browser back: PUBLIC_URL + /sso/callback. */
  redirectUri: string;
}

function ssoConfig(e: z.infer<typeof envSchema>, publicUrl: string): SsoConfig | null {
  const set = [e.SSO_ISSUER, e.SSO_CLIENT_ID, e.SSO_CLIENT_SECRET, e.SSO_DOMAINS].filter((v) => v !== undefined).length;
  if (set === 0) return null;
  if (set < 4) throw new Error("Invalid configuration:\n  SSO_ISSUER, SSO_CLIENT_ID, SSO_CLIENT_SECRET and SSO_DOMAINS go together: set all four or none");
  const domains = [...new Set(e.SSO_DOMAINS!.split(",").map((d) => d.trim().toLowerCase()).filter(Boolean))];
  const bad = domains.find((d) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d));
  if (domains.length === 0 || domains.length > SSO_MAX_DOMAINS || bad) {
    throw new Error(`Invalid configuration:\n  SSO_DOMAINS: 1 to ${SSO_MAX_DOMAINS} email domains, comma-separated${bad ? ` ('${bad}' is not a domain)` : ""}`);
  }
  return { issuer: e.SSO_ISSUER!, clientId: e.SSO_CLIENT_ID!, clientSecret: e.SSO_CLIENT_SECRET!, domains, redirectUri: `${publicUrl}/sso/callback` };
}

/** The payments processor: Stripe when its keys are set, else the test-mode processor in the server. */
export type PaymentsConfig =
  | { processor: "stripe"; secretKey: string; publishableKey: string; webhookSecret: string }
  | { processor: "test"; publishableKey: string; webhookSecret: string };

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  const set = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET].filter((v) => v !== undefined).length;
  if (set === 3) {
    return { processor: "stripe", secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET! };
  }
  if (set > 0) throw new Error("Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together: set all three or none");
  // Test mode signs its events with a secret of this process (it delivers them to itself).
  return { processor: "test", publishableKey: "pk_test_parlance_local", webhookSecret: `whsec_local_${randomBytes(24).toString("hex")}` };
}

/**
 * The key that seals delivery-file private keys at rest. Production must set it (a lost or changed
 * key makes issued files unopenable, so it is never made up there); elsewhere a fixed development
 * key, so the embedded database keeps opening its files across restarts.
 */
function deliveryKeySecret(e: z.infer<typeof envSchema>): Buffer {
  const raw = e.DELIVERY_KEY_SECRET;
  if (!raw) {
    if (e.NODE_ENV === "production") throw new Error("Invalid configuration:\n  DELIVERY_KEY_SECRET is required in production (32 bytes: base64, or 64 hex digits)");
    return Buffer.from("parlance-development-delivery-k!", "utf8");
  }
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (key.length !== 32) throw new Error("Invalid configuration:\n  DELIVERY_KEY_SECRET must be 32 bytes (base64, or 64 hex digits)");
  return key;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  publicUrl: string;
  production: boolean;
  seedDemo: "auto" | "always" | "never";
  logLevel: string;
  /** Trust X-Forwarded-For (set when running behind a reverse proxy). */
  trustProxy: boolean;
  /** The Bearer token of /metrics; without it /metrics is closed in production (ops/metrics-route.ts). */
  metricsToken?: string;
  /** Session lifetimes in milliseconds. */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Reset and activation key lifetimes. */
  resetKeyMs: number;
  activationKeyMs: number;
  /** Where the built web app lives (served as static files). */
  webDist: string;
  /** The voice provider's local number for phone (IVR) tests. */
  voiceLocalNumber: string;
  /** The toll-free number for phone (IVR) tests. */
  voiceTollFreeNumber: string;
  /** The proctoring desk's address: exam passwords are mailed there. */
  proctorServiceEmail: string;
  /** PostgreSQL's statement_timeout for every pooled connection. */
  statementTimeoutMs: number;
  /**
   * How many server processes share the port. Always 1 on the embedded database (one process owns
   * its folder); on PostgreSQL WEB_CONCURRENCY, else one per core in production, else 1.
   */
  webConcurrency: number;
  /** Single sign-on by OpenID Connect (sso/); null when not configured. */
  sso: SsoConfig | null;
  /** The payments processor (payments/processor). */
  payments: PaymentsConfig;
  /** STUN and TURN servers of the video rooms. */
  video: VideoConfig;
  /** The voice provider of phone tests (providers/voice). */
  voice: VoiceConfig;
  /** Upload files one process reads at once, and previews that may wait for one (upload/parse-slots.ts). */
  uploadReads: { slots: number; queue: number };
  /** Autosave admission bounds per process (taking/save-shedding.ts). */
  saveShedding: SaveSheddingLimits;
  /** Seals the delivery files' private keys at rest (32 bytes). */
  deliveryKeySecret: Buffer;
  /** Encrypts the credential signing keys at rest (results/credentials/keys.ts). */
  credentialKeySecret: string;
  /** The issuer's name in credentials and PDF signatures. */
  issuerName: string;
  /** The PDF signing certificate (pdf/sign.ts); null: a self-signed one made at start (not in production). */
  pdfSigning: { p12: Buffer; passphrase: string } | null;
  /** The result log's key and origin (result-log/keys.ts). */
  resultLog: ResultLogConfig;
}

export interface ResultLogConfig {
  /** base64 Ed25519 seed; null: the public development key. */
  seed: string | null;
  /** Verifier keys of retired signing keys. */
  oldKeys: string[];
  origin: string;
}

function resultLogConfig(e: z.infer<typeof envSchema>): ResultLogConfig {
  // The development key's seed is in the source: a production log signed with it would prove nothing.
  if (e.NODE_ENV === "production" && !e.RESULT_LOG_KEY) throw new Error('Invalid configuration:\n  RESULT_LOG_KEY must be set in production (docs/verification.md "The result log")');
  return {
    seed: e.RESULT_LOG_KEY ?? null,
    oldKeys: (e.RESULT_LOG_OLD_KEYS ?? "").split(",").map((k) => k.trim()).filter(Boolean),
    origin: e.RESULT_LOG_ORIGIN ?? `${(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/^[a-z]+:\/\//i, "").replace(/\/$/, "")}/result-log`,
  };
}

/** Known to everyone: only for the embedded database of a developer's machine and the tests. */
const DEV_CREDENTIAL_KEY_SECRET = "parlance-development-only-credential-key-secret";

function signingConfig(e: z.infer<typeof envSchema>): Pick<Config, "credentialKeySecret" | "pdfSigning" | "issuerName"> {
  const production = e.NODE_ENV === "production";
  const missing = [!e.CREDENTIAL_KEY_SECRET && "CREDENTIAL_KEY_SECRET", !e.PDF_SIGNING_P12 && "PDF_SIGNING_P12"].filter(Boolean);
  if (production && missing.length) throw new Error(`Invalid configuration:\n  ${missing.join(" and ")} must be set in production (docs/verification.md)`);
  return {
    credentialKeySecret: e.CREDENTIAL_KEY_SECRET ?? DEV_CREDENTIAL_KEY_SECRET,
    issuerName: e.CREDENTIAL_ISSUER_NAME,
    pdfSigning: e.PDF_SIGNING_P12 ? { p12: Buffer.from(e.PDF_SIGNING_P12, "base64"), passphrase: e.PDF_SIGNING_P12_PASSPHRASE ?? "" } : null,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    production: e.NODE_ENV === "production",
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true",
    metricsToken: e.METRICS_TOKEN,
    sessionIdleMs: 30 * 60_000,
    sessionAbsoluteMs: 12 * 60 * 60_000,
    resetKeyMs: 60 * 60_000,
    activationKeyMs: 7 * 24 * 60 * 60_000,
    webDist: path.resolve(import.meta.dirname, "../../web/dist"),
    voiceLocalNumber: e.VOICE_LOCAL_NUMBER,
    voiceTollFreeNumber: e.VOICE_TOLL_FREE_NUMBER,
    proctorServiceEmail: e.PROCTOR_SERVICE_EMAIL,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    webConcurrency: !e.DATABASE_URL ? 1 : (e.WEB_CONCURRENCY ?? (e.NODE_ENV === "production" ? os.availableParallelism() : 1)),
    sso: ssoConfig(e, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "")),
    payments: paymentsConfig(e),
    video: videoConfig(e),
    voice: voiceConfig(e),
    uploadReads: { slots: Math.min(2, os.availableParallelism()), queue: 8 },
    resultLog: resultLogConfig(e),
    saveShedding: { loopDelayMs: e.SAVE_SHED_LOOP_DELAY_MS, inFlight: e.SAVE_SHED_IN_FLIGHT, queued: e.SAVE_SHED_QUEUED, waitMs: e.SAVE_SHED_WAIT_MS, retryAfterSeconds: e.SAVE_SHED_RETRY_AFTER_SECONDS },
    deliveryKeySecret: deliveryKeySecret(e),
    ...signingConfig(e),
    ...overrides,
  };
}
