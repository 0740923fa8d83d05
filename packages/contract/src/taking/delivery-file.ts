import { z } from "zod";
import { positiveInt } from "../common/ids.js";

/**
 * The answer journal and the sealed delivery file (issue 27; the public format: docs/delivery-file.md).
 * Shared by the browser (which writes journals and seals files) and the server (which checks chains
 * and opens files): the encodings here are the format, so both sides compute them the same way.
 */

export const DELIVERY_FORMAT = "parlance-delivery-file";
export const DELIVERY_VERSION = 1;
/** RFC 9180 identifiers: DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-128-GCM; mode base. */
export const DELIVERY_SUITE = { kem: 0x0010, kdf: 0x0001, aead: 0x0001 } as const;
/** HPKE `info`: the format and version, UTF-8. */
export const DELIVERY_INFO = "parlance-delivery-file/1";
export const DELIVERY_EXTENSION = ".parlance";
/**
 * The grace after the deadline (seconds): an event the browser timed later than deadline + grace is
 * kept "after the deadline, held for review", never counted. The same 30 s as autosave's grace.
 */
export const DELIVERY_GRACE_SECONDS = 30;
/** The most events one file may hold (a long essay typed key by key is ~2,000). */
export const MAX_FILE_EVENTS = 50_000;
/** The most events one save may carry beside its answers. */
export const MAX_EVENTS_PER_SAVE = 500;
/** The browser puts at most this many characters of events' responses in one save (the body limit is 1 MiB). */
export const MAX_EVENT_CHARS_PER_SAVE = 400_000;
/** Largest file the upload takes (base64 in JSON): 60 MB. */
export const MAX_FILE_CHARS = 60_000_000;

const HEX64 = /^[0-9a-f]{64}$/;
const B64URL = /^[A-Za-z0-9_-]*$/;

/** One answer change: the journal's event as the save path and the file carry it. */
export const journalEvent = z.object({
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  item: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "An event's item is an item id."),
  // 100,000: taking.ts MAX_RESPONSE_CHARS (taking.ts imports this file, not the other way).
  response: z.string().max(100_000),
  /** The browser's clock when the answer changed, ms since the epoch. */
  t: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** The hash of the previous event (the chain's genesis for the first), 64 lowercase hex digits. */
  prev: z.string().regex(HEX64, "prev is 64 lowercase hex digits."),
});
export type JournalEvent = z.infer<typeof journalEvent>;

/** What the browser needs from start_test to keep a journal and seal a file (null: no journal). */
export const journalSetup = z.object({
  attempt_id: z.number().int(),
  candidate_id: z.number().int(),
  test_id: z.number().int(),
  /** The access code of the assigned test: the file is named `<code>-<test_id>.parlance`. */
  code: z.string(),
  key_id: z.string(),
  /** The key epoch's P-256 public key, 65 bytes uncompressed, base64url. */
  public_key: z.string(),
  /** The per-attempt MAC secret, 32 bytes, base64url. */
  secret: z.string(),
  genesis: z.string(),
  /** The chain head the server has acknowledged and its seq (a browser without a journal continues it). */
  head: z.string(),
  head_seq: z.number().int(),
  /** The events on the chain from the genesis to head (the receipt counts them; absent from servers before it). */
  head_events: z.number().int().optional(),
  /** The server's deadline (ISO), null when untimed: the browser offers the file once it passes offline. */
  deadline: z.string().nullable(),
  /** The server's clock when it answered (ms since the epoch): the journal times its events from it (§4.3). */
  server_time: z.number().int().optional(),
});
export type JournalSetup = z.infer<typeof journalSetup>;

/** The envelope: the file's bytes are this object as JSON (UTF-8). */
export const deliveryEnvelope = z.object({
  format: z.literal(DELIVERY_FORMAT),
  version: z.literal(DELIVERY_VERSION),
  kem: z.literal(DELIVERY_SUITE.kem),
  kdf: z.literal(DELIVERY_SUITE.kdf),
  aead: z.literal(DELIVERY_SUITE.aead),
  key_id: z.string().min(1).max(100),
  attempt_id: z.number().int().min(1),
  candidate_id: z.number().int().min(1),
  test_id: z.number().int().min(1),
  sealed_at: z.string().max(40),
  enc: z.string().regex(B64URL).max(200),
  ciphertext: z.string().regex(B64URL),
});
export type DeliveryEnvelope = z.infer<typeof deliveryEnvelope>;

/** The sealed plaintext (JSON, UTF-8). */
export const deliveryPlaintext = z.object({
  events: z.array(journalEvent).max(MAX_FILE_EVENTS),
  /** The hash of the last event (the genesis when there is none). */
  head: z.string().regex(HEX64),
  /** The candidate asked to submit (or the time ran out) while offline. */
  submitted: z.boolean(),
  /** base64url HMAC-SHA256(secret, macInput(...)): only the candidate's browser holds the secret. */
  mac: z.string().regex(B64URL),
});
export type DeliveryPlaintext = z.infer<typeof deliveryPlaintext>;

const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
export const sha256Hex = async (s: string) => hex(await globalThis.crypto.subtle.digest("SHA-256", utf8(s)));

/** The chain's first `prev`: SHA-256 of "parlance-journal/1\n" + attempt id. */
export const genesisOf = (attemptId: number) => sha256Hex(`parlance-journal/1\n${attemptId}`);

/** An event's hash: SHA-256 (hex) of prev \n seq \n t \n item \n response (UTF-8; decimals). */
export const eventHashInput = (e: JournalEvent) => `${e.prev}\n${e.seq}\n${e.t}\n${e.item}\n${e.response}`;
export const eventHash = (e: JournalEvent) => sha256Hex(eventHashInput(e));

/** The associated data: binds the file to its key, attempt, candidate and test. */
export const aadOf = (h: Pick<DeliveryEnvelope, "key_id" | "attempt_id" | "candidate_id" | "test_id">) =>
  utf8(`${DELIVERY_INFO}\nkey=${h.key_id}\nattempt=${h.attempt_id}\ncandidate=${h.candidate_id}\ntest=${h.test_id}`);

/** What the MAC covers: the AAD's text, the head, and whether it was submitted. */
export const macInput = (aad: Uint8Array, head: string, submitted: boolean) => {
  const tail = utf8(`\n${head}\n${submitted ? 1 : 0}`);
  const out = new Uint8Array(aad.length + tail.length);
  out.set(aad, 0);
  out.set(tail, aad.length);
  return out;
};

/** The file's name: `<code>-<test>.parlance`. */
export const deliveryFileName = (code: string, testId: number) => `${code.replace(/[^A-Za-z0-9_-]/g, "")}-${testId}${DELIVERY_EXTENSION}`;

/** What the upload answers: what the file brought and what the server did with it. */
export const deliveryOutput = z.object({
  events: z.number().int(),
  /** Events the server did not have and merged (answers applied where newer). */
  merged: z.number().int(),
  /** Events the server already had. */
  known: z.number().int(),
  /** Events timed after deadline + grace: kept, held for the evaluator's review. */
  held: z.number().int(),
  /** Answers that changed. */
  answers_changed: z.number().int(),
  submitted: z.boolean(),
  /** The receipt when the attempt is submitted (receipt.ts), with what it commits to; null while it is open. */
  receipt: z.string().nullable(),
  answers_digest: z.string().nullable(),
  journal_head: z.string().nullable(),
  /** The events on the chain from the genesis to journal_head. */
  journal_events: z.number().int(),
});
export type DeliveryOutput = z.infer<typeof deliveryOutput>;

export const deliveryParams = z.object({ id: positiveInt("The test id must be a positive whole number.") });
export const deliveryInput = z.object({
  file: z.string({ error: "Choose a .parlance file." }).min(1, "Choose a .parlance file.").max(MAX_FILE_CHARS, "The file is too large."),
});

/** What the upload answers when it refuses a file, word for word (i18n: taking.delivery.messages.*). */
export const deliveryMessages = {
  notAFile: "This is not a Parlance answers file.",
  unknownVersion: "This answers file was made by a newer version of Parlance and cannot be read here.",
  otherAttempt: "This answers file belongs to another test attempt.",
  unknownKey: "This answers file was sealed with a key this server does not hold.",
  damaged: "This answers file is damaged or was changed after it was saved: it cannot be opened.",
  notSealedByCandidate: "This answers file was not sealed by the candidate's browser for this test.",
  brokenChain: "The answers in this file are not a complete, unbroken record.",
  conflicts: "This answers file disagrees with answers the server already holds for this test.",
  notAllowed: "Only the candidate, the test's proctor or the account administrator can upload this test's answers file.",
  notStarted: "This test has not been started online, so it has no answers file.",
  scored: "This test has already been scored; its answers can no longer change.",
} as const;
