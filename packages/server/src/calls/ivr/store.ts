import { createHash } from "node:crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import { IVR_MAX_RESPONSE_BYTES, IVR_RESPONSE_TYPES, ivrMessages, type IvrResponseAck, type TestContent } from "@parlance/contract";
import type { Db } from "../../db/client.js";
import type { Tx } from "../../db/tx.js";
import { candidateTests, ivrResponses, mediaFiles } from "../../db/schema.js";
import { HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import { receive } from "../../attempts/index.js";

/**
 * What the IVR engine writes besides the call: the spoken responses (audio in media_files by
 * SHA-256, one row per item with the acknowledgement rule of typed answers) and the attempt's
 * end, which routes it to an evaluator exactly as an online submission does.
 */

export const ivrError = (status: number, key: keyof typeof ivrMessages) => new HttpError(status, ivrMessages[key], `webCall.messages.${String(key)}`);

/** A recorded response as a channel hands it over. */
export interface RecordedAudio {
  data: Buffer;
  /** As sent: "audio/webm;codecs=opus" is kept whole, its base type is checked. */
  contentType: string;
  durationMs?: number | null;
  /** The channel's sequence number of this recording (newer replaces older; a repeat is harmless). */
  seq: number;
}

/** Refuses what is not a spoken response, before anything is stored. */
export function checkAudio(audio: RecordedAudio): void {
  const base = audio.contentType.split(";")[0].trim().toLowerCase();
  if (!(IVR_RESPONSE_TYPES as readonly string[]).includes(base)) throw ivrError(400, "badAudioType");
  if (audio.data.length === 0) throw ivrError(400, "emptyAudio");
  if (audio.data.length > IVR_MAX_RESPONSE_BYTES) throw ivrError(413, "audioTooLarge");
}

/**
 * Stores a response in the caller's transaction. The bytes go to media_files once per SHA-256;
 * the item's row is replaced only by a newer seq. Answers what is stored for the item afterwards
 * (the newer of the two): the acknowledgement the channel may rely on once the transaction commits.
 */
export async function storeResponse(tx: Tx, candidateTestId: number, itemId: string, callId: number, audio: RecordedAudio): Promise<IvrResponseAck> {
  const sha256 = createHash("sha256").update(audio.data).digest("hex");
  const contentType = audio.contentType.trim().toLowerCase().slice(0, 100);
  await tx.insert(mediaFiles).values({ sha256, contentType, size: audio.data.length, data: audio.data }).onConflictDoNothing();
  const durationMs = audio.durationMs === null || audio.durationMs === undefined ? null : Math.max(0, Math.min(Math.round(audio.durationMs), 2_147_483_647));
  await tx
    .insert(ivrResponses)
    .values({ candidateTestId, itemId, sha256, contentType, size: audio.data.length, durationMs, seq: audio.seq, callId })
    .onConflictDoUpdate({
      target: [ivrResponses.candidateTestId, ivrResponses.itemId],
      set: { sha256, contentType, size: audio.data.length, durationMs, seq: audio.seq, callId, recordedAt: sql`now()` },
      setWhere: sql`${ivrResponses.seq} < excluded.seq`,
    });
  const [row] = await tx
    .select({ itemId: ivrResponses.itemId, seq: ivrResponses.seq, sha256: ivrResponses.sha256, size: ivrResponses.size, contentType: ivrResponses.contentType })
    .from(ivrResponses)
    .where(sql`${ivrResponses.candidateTestId} = ${candidateTestId} and ${ivrResponses.itemId} = ${itemId}`);
  return { item_id: row.itemId, seq: row.seq, sha256: row.sha256, size: row.size, content_type: row.contentType };
}

export async function responseCount(db: Tx, candidateTestId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ivrResponses).where(eq(ivrResponses.candidateTestId, candidateTestId));
  return row?.n ?? 0;
}

/** SHA-256 over the stored responses in item order: the attempt's receipt. */
async function receiptOf(tx: Tx, candidateTestId: number): Promise<string> {
  const rows = await tx
    .select({ itemId: ivrResponses.itemId, sha256: ivrResponses.sha256 })
    .from(ivrResponses)
    .where(eq(ivrResponses.candidateTestId, candidateTestId))
    .orderBy(asc(ivrResponses.itemId));
  return createHash("sha256")
    .update(rows.map((r) => `${r.itemId}:${r.sha256}`).join("\n"))
    .digest("hex");
}

/**
 * The call is over and the attempt has responses: it is received (the assigned test taken) and
 * routeScoreableTest gives it to an evaluator, as a submitted online test or received paper test.
 * A test that continues by phone (`phoneContent`: its content) is received this way once its
 * online part is in (partially_received): with the online answers, kept as acknowledged, and their
 * receipt (the one its Thank You showed), and the spoken responses; its choices are scored.
 * The caller holds the attempt's row lock; an attempt already received is left as it is.
 */
export async function receiveAttempt(tx: Tx, candidateTestId: number, callId: number, now: Date, phoneContent: TestContent | null = null): Promise<boolean> {
  const [attempt] = await tx.select().from(candidateTests).where(eq(candidateTests.id, candidateTestId));
  if (!attempt || attempt.state !== (phoneContent ? "partially_received" : "in_progress")) return false;
  const responses = await responseCount(tx, candidateTestId);
  if (responses === 0) return false;
  const spoken = await receiptOf(tx, candidateTestId);
  const receipt = phoneContent ? (attempt.receipt ?? spoken) : spoken;
  const routed = await receive(tx, attempt, { receivedAt: now, submittedAt: phoneContent ? (attempt.submittedAt ?? now) : now, receipt }, phoneContent, now);
  await audit(
    { db: tx as Db },
    {
      actor: null,
      accountId: attempt.accountId,
      action: "calls.ivr_received",
      targetType: "candidate_test",
      targetId: candidateTestId,
      details: { assignedTestId: attempt.assignedTestId, callId, responses, receipt, spokenReceipt: spoken, evaluatorUserId: routed?.evaluatorUserId ?? null },
    },
  );
  return true;
}

/** A stored response's bytes (the scoring page plays them). */
export async function responseFile(db: Db, candidateTestId: number, itemId: string): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ contentType: ivrResponses.contentType, data: mediaFiles.data })
    .from(ivrResponses)
    .innerJoin(mediaFiles, eq(mediaFiles.sha256, ivrResponses.sha256))
    .where(sql`${ivrResponses.candidateTestId} = ${candidateTestId} and ${ivrResponses.itemId} = ${itemId}`);
  return row ?? null;
}

/** The items of an attempt that have a stored spoken response (the scoring page offers a player for each). */
export async function spokenResponseItems(db: Tx, candidateTestId: number): Promise<Set<string>> {
  const rows = await db.select({ itemId: ivrResponses.itemId }).from(ivrResponses).where(eq(ivrResponses.candidateTestId, candidateTestId));
  return new Set(rows.map((r) => r.itemId));
}
