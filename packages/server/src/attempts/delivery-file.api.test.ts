import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, candidateTestAnswers, candidateTestEvents, candidateTests, mailOutbox } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../taking/test-fixtures.js";
import { rotateDeliveryKey } from "./delivery-keys.js";
import { chainOf, receiptOf, sealFile, type Change, type Setup } from "./independent-sealer.js";

/**
 * Issue 27: the journal through autosave, and sealed delivery files made by the independent writer
 * (independent-sealer.ts, from docs/delivery-file.md alone) uploaded, merged and refused.
 */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  api = takingApi(t);
  admin = await t.signIn("admin@northwind.example");
});
afterAll(() => t?.close());

const deliver = (id: number, file: string, cookie: string) => t.request({ method: "POST", url: `/api/test_content/deliver_file/${id}`, cookie, body: { file } });
const attemptOf = async (id: number) => (await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id)))[0];
const answers = async (attemptId: number) =>
  Object.fromEntries((await t.ctx.db.select().from(candidateTestAnswers).where(eq(candidateTestAnswers.candidateTestId, attemptId))).map((a) => [a.itemId, a.response]));

/** A started reading test: its journal setup and the candidate. */
async function started() {
  const c = await candidateWithLogin(t);
  const id = await assign(t, c.candidateId, { test: "en-reading" });
  const res = await api.start(id, c.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const setup = res.json().journal as Setup & { genesis: string; head: string; head_seq: number };
  return { c, id, setup };
}

const T0 = Date.now();
const changes: Change[] = [
  { item: "q1", response: "a", seq: 1_000, t: T0 },
  { item: "q8", response: "The first", seq: 2_000, t: T0 + 1000 },
  { item: "q1", response: "b", seq: 3_000, t: T0 + 2000 },
  { item: "q8", response: "The first draft", seq: 4_000, t: T0 + 3000 },
];

describe("the journal through autosave", () => {
  it("start hands out the key and chain; saves carrying events move the acknowledged head", async () => {
    const { c, id, setup } = await started();
    expect(setup).toMatchObject({ head: setup.genesis, head_seq: 0, key_id: expect.any(String), public_key: expect.any(String) });
    const { events, head } = await chainOf(setup.attempt_id, changes);
    const first = await api.save(id, { candidate_test_items: [{ id: "q1", response: "a", seq: 1000 }, { id: "q8", response: "The first", seq: 2000 }], events: events.slice(0, 2) }, c.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().journal_head).toBe((await chainOf(setup.attempt_id, changes.slice(0, 2))).head);
    // Start and every save tell the server's clock: the browser times its events from it (§4.3).
    for (const told of [(setup as { server_time?: number }).server_time, first.json().server_time]) expect(Math.abs(told! - Date.now())).toBeLessThan(60_000);
    // A gap (the third event missing) keeps the events but not the head.
    const gap = await api.save(id, { candidate_test_items: [], events: events.slice(3) }, c.cookie);
    expect(gap.json().journal_head).toBe(first.json().journal_head);
    const rest = await api.save(id, { candidate_test_items: [{ id: "q1", response: "b", seq: 3000 }, { id: "q8", response: "The first draft", seq: 4000 }], events: events.slice(1) }, c.cookie);
    expect(rest.json().journal_head).toBe(head);
    expect((await attemptOf(id)).journalSeq).toBe(4000);
    // A browser starting again (another device) learns the head and the chain's length.
    expect((await api.start(id, c.cookie)).json().journal).toMatchObject({ head, head_seq: 4000, head_events: 4 });
    const submit = await api.submit(id, { candidate_test_items: [] }, c.cookie);
    // The receipt commits to the attempt, the recorded answers and the whole chain (§7.1), worked out here independently.
    const expected = await receiptOf(setup.attempt_id, [["q1", "b"], ["q8", "The first draft"]], { head, events: 4 });
    expect(submit.json()).toMatchObject({ journal_head: head, journal_events: 4, receipt: expected });
    expect((await attemptOf(id)).receipt).toBe(expected);
  });
});

describe("a sealed file uploaded", () => {
  it("after the deadline offline: the administrator's upload merges what the server lacks, holds late events, submits, and tells the candidate", async () => {
    const { c, id, setup } = await started();
    const { events, head } = await chainOf(setup.attempt_id, changes);
    await api.save(id, { candidate_test_items: [{ id: "q1", response: "a", seq: 1000 }], events: events.slice(0, 1) }, c.cookie);
    // The network never came back; the deadline passed 2 minutes after the last change.
    await t.ctx.db.update(candidateTests).set({ deadlineAt: new Date(T0 + 3000 + 60_000) }).where(eq(candidateTests.assignedTestId, id));
    const late = await chainOf(setup.attempt_id, [{ item: "q8", response: "written after time", seq: 9_000, t: T0 + 3000 + 60_000 + 31_000 }], { prev: head });
    const all = [...events, ...late.events];
    const file = await sealFile(setup, all, late.head, { submitted: true });
    const res = await deliver(id, file, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ events: 5, merged: 4, known: 1, held: 1, answers_changed: 2, submitted: true, journal_head: late.head });
    const attempt = await attemptOf(id);
    expect(attempt.state).toBe("received");
    // The held event is on the chain (5 events, head = the file's head); only the answers in time are in the digest.
    const expected = await receiptOf(setup.attempt_id, [["q1", "b"], ["q8", "The first draft"]], { head: late.head, events: 5 });
    expect(res.json()).toMatchObject({ receipt: expected, journal_events: 5 });
    expect(attempt.receipt).toBe(expected);
    expect((await api.submit(id, { candidate_test_items: [] }, c.cookie)).json()).toMatchObject({ receipt: expected, journal_head: late.head, journal_events: 5 });
    expect(await answers(attempt.id)).toEqual({ q1: "b", q8: "The first draft" });
    const held = await t.ctx.db.select().from(candidateTestEvents).where(and(eq(candidateTestEvents.candidateTestId, attempt.id), eq(candidateTestEvents.held, true)));
    expect(held.map((e) => [e.response, e.source])).toEqual([["written after time", "file"]]);
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "taking.deliver_file"), eq(auditLog.targetId, String(attempt.id))));
    expect(audits[0].details).toMatchObject({ by: "administrator", merged: 4, held: 1, receipt: expected, journalHead: late.head, journalEvents: 5 });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, (await t.ctx.db.query.candidates.findFirst({ where: (x, { eq: e }) => e(x.id, c.candidateId) }))!.email));
    expect(mails.length).toBeGreaterThan(0);
    // The same file again changes nothing; an older file (a prefix) never overwrites newer answers.
    expect((await deliver(id, file, admin)).json()).toMatchObject({ merged: 0, known: 5, answers_changed: 0 });
    const older = await chainOf(setup.attempt_id, changes.slice(0, 2));
    expect((await deliver(id, await sealFile(setup, older.events, older.head), admin)).json()).toMatchObject({ merged: 0, answers_changed: 0 });
    expect(await answers(attempt.id)).toEqual({ q1: "b", q8: "The first draft" });
  });

  it("the candidate on reconnecting uploads their own file; a file sealed under a key since rotated out still opens", async () => {
    const { c, id, setup } = await started();
    await rotateDeliveryKey(t.ctx);
    const { events, head } = await chainOf(setup.attempt_id, changes.slice(0, 2));
    const res = await deliver(id, await sealFile(setup, events, head), c.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ merged: 2, submitted: false });
    expect(await answers((await attemptOf(id)).id)).toEqual({ q1: "a", q8: "The first" });
  });

  it("a clock set back later in the file does not bring a change back within the time: an event is never earlier than the one before it", async () => {
    const { c, id, setup } = await started();
    await t.ctx.db.update(candidateTests).set({ deadlineAt: new Date(T0 + 60_000) }).where(eq(candidateTests.assignedTestId, id));
    const late = T0 + 60_000 + 31_000;
    const { events, head } = await chainOf(setup.attempt_id, [
      { item: "q1", response: "a", seq: 1_000, t: T0 },
      { item: "q1", response: "b", seq: 2_000, t: late },
      // The device's clock set back two minutes: this change claims to be within the time.
      { item: "q8", response: "after the clock went back", seq: 3_000, t: late - 120_000 },
    ]);
    const res = await deliver(id, await sealFile(setup, events, head, { submitted: true }), c.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ merged: 3, held: 2 });
    expect(await answers((await attemptOf(id)).id)).toEqual({ q1: "a" });
  });

  it("tampered: a changed event or another head gives another receipt, and a file carrying it changes nothing", async () => {
    const { c, id, setup } = await started();
    const { events, head } = await chainOf(setup.attempt_id, changes);
    const res = await deliver(id, await sealFile(setup, events, head, { submitted: true }), c.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const recorded: [string, string][] = [["q1", "b"], ["q8", "The first draft"]];
    const receipt = await receiptOf(setup.attempt_id, recorded, { head, events: 4 });
    expect(res.json().receipt).toBe(receipt);
    // The same changes with one event's answer changed: another head, so another receipt.
    const edited = await chainOf(setup.attempt_id, changes.map((x, i) => (i === 1 ? { ...x, response: "The second" } : x)));
    expect(edited.head).not.toBe(head);
    expect(await receiptOf(setup.attempt_id, recorded, { head: edited.head, events: 4 })).not.toBe(receipt);
    expect(await receiptOf(setup.attempt_id, recorded, { head: events[3].prev, events: 3 })).not.toBe(receipt);
    // A file claiming the edited chain under the old head is refused; the receipt stays.
    const refused = await deliver(id, await sealFile(setup, edited.events, head, { submitted: true }), c.cookie);
    expect(refused.json().messageKey).toBe("taking.delivery.messages.brokenChain");
    expect((await attemptOf(id)).receipt).toBe(receipt);
  });

  describe("refused, each with its message", () => {
    let ctx: Awaited<ReturnType<typeof started>>;
    let good: string;
    beforeAll(async () => {
      ctx = await started();
      const { events, head } = await chainOf(ctx.setup.attempt_id, changes);
      good = await sealFile(ctx.setup, events, head);
    });
    const refused = async (file: string, key: string, cookie = admin) => {
      const res = await deliver(ctx.id, file, cookie);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().messageKey).toBe(`taking.delivery.messages.${key}`);
    };

    it("a flipped byte of the ciphertext", async () => {
      const env = JSON.parse(good);
      const bytes = Buffer.from(env.ciphertext, "base64url");
      bytes[10] ^= 1;
      await refused(JSON.stringify({ ...env, ciphertext: bytes.toString("base64url") }), "damaged");
    });
    it("another attempt's file, as it is or with its header changed to this attempt", async () => {
      const other = await started();
      const { events, head } = await chainOf(other.setup.attempt_id, changes);
      const theirs = await sealFile(other.setup, events, head);
      await refused(theirs, "otherAttempt");
      const relabelled = { ...JSON.parse(theirs), attempt_id: ctx.setup.attempt_id, candidate_id: ctx.setup.candidate_id, test_id: ctx.setup.test_id };
      await refused(JSON.stringify(relabelled), "damaged");
    });
    it("re-sealed by someone without the candidate's secret (the public key alone)", async () => {
      const { events, head } = await chainOf(ctx.setup.attempt_id, [{ item: "q1", response: "c", seq: 5, t: T0 }]);
      await refused(await sealFile(ctx.setup, events, head, { secret: Buffer.alloc(32, 7).toString("base64url") }), "notSealedByCandidate");
    });
    it("a broken chain, a conflict with what the server holds, not a file, a stranger", async () => {
      const { events, head } = await chainOf(ctx.setup.attempt_id, changes);
      const edited = events.map((e, i) => (i === 1 ? { ...e, response: "changed" } : e));
      await refused(await sealFile(ctx.setup, edited, head), "brokenChain");
      await api.save(ctx.id, { candidate_test_items: [], events: [{ ...events[0], response: "b" }] }, ctx.c.cookie);
      await refused(good, "conflicts");
      await refused("hello", "notAFile");
      const stranger = await candidateWithLogin(t);
      await refused(good, "notAllowed", stranger.cookie);
    });
  });
});
