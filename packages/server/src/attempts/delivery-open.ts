import { createHmac, timingSafeEqual } from "node:crypto";
import {
  aadOf,
  DELIVERY_INFO,
  deliveryEnvelope,
  deliveryMessages,
  deliveryPlaintext,
  eventHash,
  genesisOf,
  macInput,
  type DeliveryPlaintext,
  type JournalEvent,
} from "@parlance/contract";
import { eq } from "drizzle-orm";
import type { Tx } from "../db/tx.js";
import { candidateTestEvents } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import type { Attempt } from "./attempt.js";
import { deliveryPrivateKey, fromB64url, hpkeSuite } from "./delivery-keys.js";

/**
 * Opening a delivery file (docs/delivery-file.md) for one attempt, with each refusal its own clear
 * message: not a file, a newer version, another attempt's file, an unknown key, a changed byte (the
 * AEAD fails), a file not sealed by the candidate's browser (the MAC over the chain head, keyed by
 * the attempt's secret, fails), a broken chain. Pure checks, no writes.
 */

export const refuseFile = (key: keyof typeof deliveryMessages, status = 422) => new HttpError(status, deliveryMessages[key], `taking.delivery.messages.${key}`);

export type HashedEvent = JournalEvent & { hash: string };

function envelopeOf(text: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refuseFile("notAFile", 400);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== "parlance-delivery-file") throw refuseFile("notAFile", 400);
  const version = (raw as { version?: unknown }).version;
  if (typeof version === "number" && version > 1) throw refuseFile("unknownVersion", 400);
  const parsed = deliveryEnvelope.safeParse(raw);
  if (!parsed.success) throw refuseFile("notAFile", 400);
  return parsed.data;
}

/**
 * The chain, every seq above the one before: each event with its hash. It starts at the genesis,
 * or (a browser that began on another device) at an event the server already has (`anchors`).
 */
export async function checkChain(attemptId: number, plain: DeliveryPlaintext, anchors: ReadonlySet<string> = new Set()): Promise<HashedEvent[]> {
  const genesis = await genesisOf(attemptId);
  const first = plain.events[0]?.prev ?? genesis;
  let prev = first === genesis || anchors.has(first) ? first : genesis;
  let lastSeq = -1;
  const out: HashedEvent[] = [];
  for (const e of plain.events) {
    if (e.prev !== prev || e.seq <= lastSeq) throw refuseFile("brokenChain");
    prev = await eventHash(e);
    lastSeq = e.seq;
    out.push({ ...e, hash: prev });
  }
  if (plain.head !== prev) throw refuseFile("brokenChain");
  return out;
}

export async function openDeliveryFile(db: Tx, secret: Buffer, attempt: Attempt, testId: number, text: string) {
  const env = envelopeOf(text);
  if (env.attempt_id !== attempt.id || env.candidate_id !== attempt.candidateId || env.test_id !== testId) throw refuseFile("otherAttempt");
  const key = await deliveryPrivateKey(db, secret, env.key_id);
  if (!key) throw refuseFile("unknownKey");
  const aad = aadOf(env);
  let bytes: ArrayBuffer;
  try {
    bytes = await hpkeSuite().open(
      { recipientKey: key, enc: fromB64url(env.enc).buffer as ArrayBuffer, info: new TextEncoder().encode(DELIVERY_INFO).buffer as ArrayBuffer },
      fromB64url(env.ciphertext).buffer as ArrayBuffer,
      aad.buffer as ArrayBuffer,
    );
  } catch {
    throw refuseFile("damaged");
  }
  let plain: DeliveryPlaintext;
  try {
    plain = deliveryPlaintext.parse(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    throw refuseFile("brokenChain");
  }
  // Sealing needs only the public key; the MAC needs the secret only the candidate's browser was given.
  const mac = createHmac("sha256", Buffer.from(attempt.journalSecret ?? "", "base64url")).update(macInput(aad, plain.head, plain.submitted)).digest();
  const given = Buffer.from(plain.mac, "base64url");
  if (given.length !== mac.length || !timingSafeEqual(given, mac)) throw refuseFile("notSealedByCandidate");
  const anchors = new Set((await db.select({ hash: candidateTestEvents.hash }).from(candidateTestEvents).where(eq(candidateTestEvents.candidateTestId, attempt.id))).map((e) => e.hash));
  return { envelope: env, submitted: plain.submitted, head: plain.head, events: await checkChain(attempt.id, plain, anchors) };
}
