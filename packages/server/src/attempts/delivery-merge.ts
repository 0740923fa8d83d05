import { and, eq, sql } from "drizzle-orm";
import { DELIVERY_GRACE_SECONDS, onlinePart, Role, type DeliveryOutput } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import type { Tx } from "../db/tx.js";
import { assignedTests, candidates, candidateTestAnswers, candidateTestEvents, candidateTests } from "../db/schema.js";
import { proctoringReservations, proctoringReservationTests } from "../db/schema/proctoring.js";
import { proctoredBy, type Scope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import { contentOf } from "../content/read.js";
import { notifyAnswersDelivered } from "../notifications/index.js";
import { lockAttempt, type Attempt } from "./attempt.js";
import { openDeliveryFile, refuseFile, type HashedEvent } from "./delivery-open.js";
import { receiptDetails, receiptNow } from "./receipt.js";
import { rescoreObjectiveItems } from "./routing.js";
import { submitAttempt } from "./submit.js";

/**
 * A delivery file uploaded (issue 27): by the candidate, the test's proctor (proctored tests) or the
 * account's administrator. Opened and checked (delivery-open.ts), then, under the attempt's lock:
 * every event the server already has must be the file's same event (else the file is refused);
 * the events it lacks are kept with their source; those timed within deadline + grace are applied
 * to the answers where their seq is newer (an older file never overwrites a newer answer), later
 * ones are held for the evaluator's review; the chain head moves on when the file continues it;
 * an attempt submitted offline (or past its time) is submitted. Audited; the candidate is told
 * when someone else uploaded.
 */

type Role = "candidate" | "proctor" | "administrator";

async function uploaderRole(db: Tx, scope: Scope, t: { id: number; accountId: number; candidateUserId: number | null }): Promise<Role | null> {
  if (t.candidateUserId === scope.userId) return "candidate";
  if (scope.accountId === t.accountId && scope.roles.includes(Role.TestingAccountAdministrator)) return "administrator";
  const [proctor] = await db
    .select({ id: proctoringReservations.id })
    .from(proctoringReservationTests)
    .innerJoin(proctoringReservations, eq(proctoringReservations.id, proctoringReservationTests.reservationId))
    .where(and(eq(proctoringReservationTests.assignedTestId, t.id), proctoredBy(scope)))
    .limit(1);
  return proctor ? "proctor" : null;
}

export async function deliverFile(ctx: AppContext, scope: Scope, assignedTestId: number, file: string): Promise<DeliveryOutput> {
  const [t] = await ctx.db
    .select({ id: assignedTests.id, accountId: assignedTests.accountId, testId: assignedTests.testId, candidateUserId: candidates.userId })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(eq(assignedTests.id, assignedTestId));
  const role = t ? await uploaderRole(ctx.db, scope, t) : null;
  if (!t || !role) throw refuseFile("notAllowed", 403);
  const [attempt] = await ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, t.id));
  if (!attempt || attempt.journalHead === null || attempt.contentVersionId === null) throw refuseFile("notStarted", 409);
  const opened = await openDeliveryFile(ctx.db, ctx.config.deliveryKeySecret, attempt, t.testId, file);
  const content = await contentOf(ctx.db, attempt.contentVersionId);
  const out = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const locked = await lockAttempt(tx, attempt.id);
    const result = await merge(tx, locked, opened.events, scope.userId, now);
    const online = onlinePart(content);
    let submitted = locked.state !== "in_progress";
    if (locked.state === "in_progress" && (opened.submitted || (locked.deadlineAt && now.getTime() > locked.deadlineAt.getTime() + DELIVERY_GRACE_SECONDS * 1000))) {
      await submitAttempt(tx, locked, content, scope, now);
      submitted = true;
    } else if (submitted && result.changed > 0) {
      // Received while the candidate was offline: the answers it was received with change.
      if (locked.resultState !== null) throw refuseFile("scored", 409);
      await rescoreObjectiveItems(tx, locked.id, online);
    }
    // The receipt as the attempt now stands (the same one submitAttempt stored when it submitted here).
    const r = await receiptNow(tx, locked.id, online);
    if (submitted) await tx.update(candidateTests).set({ receipt: r.receipt }).where(eq(candidateTests.id, locked.id));
    const receipt = { receipt: submitted ? r.receipt : null, answers_digest: submitted ? r.answers_digest : null, journal_head: r.journal_head, journal_events: r.journal_events };
    await audit(
      { db: tx as Db },
      {
        actor: scope,
        accountId: locked.accountId,
        action: "taking.deliver_file",
        targetType: "candidate_test",
        targetId: locked.id,
        details: { assignedTestId: t.id, by: role, keyId: opened.envelope.key_id, events: opened.events.length, ...result, submitted, ...receiptDetails(receipt) },
      },
    );
    return { events: opened.events.length, merged: result.merged, known: result.known, held: result.held, answers_changed: result.changed, submitted, ...receipt };
  });
  if (role !== "candidate" && (out.merged > 0 || out.submitted)) await notifyAnswersDelivered(ctx, scope.userId, t.id);
  return out;
}

/** The merge proper, under the attempt's lock: what it did, counted. */
async function merge(tx: Tx, attempt: Attempt, events: HashedEvent[], uploadedBy: number, now: Date) {
  const known = new Map((await tx.select({ seq: candidateTestEvents.seq, hash: candidateTestEvents.hash }).from(candidateTestEvents).where(eq(candidateTestEvents.candidateTestId, attempt.id))).map((e) => [e.seq, e.hash]));
  for (const e of events) if (known.has(e.seq) && known.get(e.seq) !== e.hash) throw refuseFile("conflicts", 409);
  const lateAfter = attempt.deadlineAt ? attempt.deadlineAt.getTime() + DELIVERY_GRACE_SECONDS * 1000 : Infinity;
  // An event was made after every event before it on the chain: its time for the deadline is at least
  // theirs (a clock set back later in the file cannot bring an answer back within the time).
  const [anchor] = events.length
    ? await tx.select({ t: candidateTestEvents.clientMs }).from(candidateTestEvents).where(and(eq(candidateTestEvents.candidateTestId, attempt.id), eq(candidateTestEvents.hash, events[0].prev)))
    : [];
  let since = anchor?.t ?? 0;
  const timed = events.map((e) => ({ ...e, at: (since = Math.max(since, e.t)) }));
  const missing = timed.filter((e) => !known.has(e.seq));
  const rows = missing.map((e) => ({
    candidateTestId: attempt.id,
    seq: e.seq,
    itemId: e.item,
    response: e.response,
    clientMs: e.t,
    prev: e.prev,
    hash: e.hash,
    source: "file" as const,
    uploadedBy,
    held: e.at > lateAfter,
    receivedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(candidateTestEvents).values(rows.slice(i, i + 1000)).onConflictDoNothing();
  // The newest counted event per item, applied where newer than the answer held.
  const newest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!r.held && (newest.get(r.itemId)?.seq ?? -1) < r.seq) newest.set(r.itemId, r);
  let changed = 0;
  for (const r of newest.values()) {
    const written = await tx
      .insert(candidateTestAnswers)
      .values({ candidateTestId: attempt.id, itemId: r.itemId, response: r.response, seq: r.seq, savedAt: now })
      .onConflictDoUpdate({
        target: [candidateTestAnswers.candidateTestId, candidateTestAnswers.itemId],
        set: { response: sql`excluded.response`, seq: sql`excluded.seq`, savedAt: sql`excluded.saved_at` },
        setWhere: sql`${candidateTestAnswers.seq} < excluded.seq`,
      })
      .returning({ seq: candidateTestAnswers.seq });
    if (written.length) changed++;
  }
  // The head moves on when the file holds the acknowledged head (or starts the chain) and goes further.
  const last = events.at(-1);
  const continues = (attempt.journalSeq ?? 0) === 0 || events[0]?.prev === attempt.journalHead || events.some((e) => e.seq === attempt.journalSeq && e.hash === attempt.journalHead);
  if (last && continues && last.seq > (attempt.journalSeq ?? 0)) {
    await tx.update(candidateTests).set({ journalHead: last.hash, journalSeq: last.seq }).where(eq(candidateTests.id, attempt.id));
  }
  return { merged: rows.length, known: events.length - rows.length, held: rows.filter((r) => r.held).length, changed };
}
