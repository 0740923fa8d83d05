import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { eventHash, genesisOf, type JournalEvent, type JournalSetup } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { assignedTests, candidateTestEvents, candidateTests } from "../db/schema.js";
import { currentDeliveryKey, deliveryPublicKey } from "./delivery-keys.js";
import type { Attempt } from "./attempt.js";
import { chainLength } from "./receipt.js";

/**
 * The answer journal of an attempt (issue 27): at start the attempt gets its chain's genesis, its
 * MAC secret and the key epoch its delivery file is sealed to; start_test hands these to the
 * browser (journalSetupOf). Autosave advances the head (taking/save-statement.ts); a delivery
 * file merges the events the server lacks (delivery-merge.ts).
 */

/** Gives a started attempt its journal (once: an attempt already holding one keeps it). */
export async function openJournal(ctx: Pick<AppContext, "db" | "config">, attempt: Attempt, now: Date): Promise<Attempt> {
  if (attempt.journalHead !== null) return attempt;
  const key = await currentDeliveryKey(ctx, now);
  const fields = { journalHead: await genesisOf(attempt.id), journalSeq: 0, journalSecret: randomBytes(32).toString("base64url"), deliveryKeyId: key.id };
  const [updated] = await ctx.db.update(candidateTests).set(fields).where(eq(candidateTests.id, attempt.id)).returning();
  return updated;
}

/** What the browser needs to keep the journal and seal the file; null for an attempt without one. */
export async function journalSetupOf(db: Tx, attempt: Attempt, testId: number): Promise<JournalSetup | null> {
  if (attempt.journalHead === null || attempt.journalSecret === null || attempt.deliveryKeyId === null) return null;
  const publicKey = await deliveryPublicKey(db, attempt.deliveryKeyId);
  if (!publicKey) return null;
  const [at] = await db.select({ code: assignedTests.accessCode }).from(assignedTests).where(eq(assignedTests.id, attempt.assignedTestId));
  return {
    attempt_id: attempt.id,
    candidate_id: attempt.candidateId,
    test_id: testId,
    code: at?.code ?? String(attempt.assignedTestId),
    key_id: attempt.deliveryKeyId,
    public_key: publicKey,
    secret: attempt.journalSecret,
    genesis: await genesisOf(attempt.id),
    head: attempt.journalHead,
    head_seq: attempt.journalSeq ?? 0,
    head_events: await chainLength(db, attempt.id, attempt.journalHead),
    deadline: attempt.deadlineAt?.toISOString() ?? null,
    server_time: Date.now(),
  };
}

/**
 * The events a submit carries (the autosave's statement does the same in SQL): each kept once, and
 * the head moved on when they continue the chain from it without a gap. Under the attempt's lock.
 */
export async function appendEvents(tx: Tx, attempt: Attempt, events: JournalEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const hashed = await Promise.all(sorted.map(async (e) => ({ ...e, hash: await eventHash(e) })));
  await tx
    .insert(candidateTestEvents)
    .values(hashed.map((e) => ({ candidateTestId: attempt.id, seq: e.seq, itemId: e.item, response: e.response, clientMs: e.t, prev: e.prev, hash: e.hash, source: "online" as const, receivedAt: now })))
    .onConflictDoNothing();
  if (attempt.journalHead === null) return;
  const fresh = hashed.filter((e) => e.seq > (attempt.journalSeq ?? 0));
  const chained = fresh.every((e, i) => e.prev === (i === 0 ? attempt.journalHead : fresh[i - 1].hash));
  if (fresh.length && chained) {
    const last = fresh[fresh.length - 1];
    await tx.update(candidateTests).set({ journalHead: last.hash, journalSeq: last.seq }).where(eq(candidateTests.id, attempt.id));
  }
}

/** The events held for review (after deadline + grace), oldest first, as the scoring page shows them. */
export async function heldEventsOf(db: Tx, attemptId: number) {
  const rows = await db
    .select({ item: candidateTestEvents.itemId, response: candidateTestEvents.response, clientMs: candidateTestEvents.clientMs })
    .from(candidateTestEvents)
    .where(and(eq(candidateTestEvents.candidateTestId, attemptId), eq(candidateTestEvents.held, true)))
    .orderBy(asc(candidateTestEvents.seq));
  return rows.map((r) => ({ item_id: r.item, response: r.response, client_at: new Date(r.clientMs).toISOString() }));
}
