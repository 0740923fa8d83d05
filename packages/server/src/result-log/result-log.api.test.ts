import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import {
  checkInclusion,
  entryBytes,
  fromBase64,
  leafHash,
  treeOf,
  parseCanonicalEntry,
  trustedKeysOf,
  verifyCheckpoint,
  logInclusionCheck,
  verifyConsistency,
  type CredentialFacts,
  type LogSource,
  type ResultLogConsistency,
  type ResultLogInclusion,
  type ResultLogKeys,
} from "@parlance/contract";
import { candidateTests, resultLogCheckpoints, resultLogEntries, resultLogNodes } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { logKeys } from "./keys.js";
import { nodeId } from "./tree-store.js";
import { verifyResultLog } from "./verify-log.js";
import { EXECUTIVE, receivedAttempt, release } from "./test-fixtures.js";

/**
 * The result log through the real app: releasing a result appends an entry and signs a
 * checkpoint; the public routes answer proofs that an independent check (the contract's, as the
 * browser and CLI run it) accepts; an edited, deleted or reordered row is found by verify-log.
 */
let t: TestApp;
let exec: string;
let keys: ResultLogKeys;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  exec = await t.signIn(EXECUTIVE);
});
afterAll(() => t?.close());

const get = async <T>(url: string, status = 200): Promise<T> => {
  const res = await t.request({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const trusted = () => trustedKeysOf(keys);

describe("the result log", () => {
  const released: string[] = [];

  it("starts empty: no checkpoint yet; its keys are published", async () => {
    const none = await get<{ message: string; messageKey: string }>("/api/result_log/checkpoint", 404);
    expect(none.messageKey).toBe("resultLog.messages.noCheckpoint");
    keys = await get<ResultLogKeys>("/api/result_log/keys");
    expect(keys.origin).toBe("localhost:3000/result-log");
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ name: keys.origin, current: true });
    expect(keys.keys[0].verifierKey).toMatch(/^localhost:3000\/result-log\+[0-9a-f]{8}\+/);
  });

  it("releasing a result appends its entry in the same transaction and signs a checkpoint of the new size", async () => {
    const attempt = await receivedAttempt(t, 1);
    const key = await release(t, exec, attempt, "7");
    released.push(key);
    const cp = await get<{ treeSize: number; note: string; origin: string }>("/api/result_log/checkpoint");
    expect(cp.treeSize).toBe(1);
    const checked = await verifyCheckpoint(cp.note, trusted(), keys.origin);
    expect(checked.ok).toBe(true);

    const proof = await get<ResultLogInclusion>(`/api/result_log/proofs/${key.toLowerCase()}`);
    const result = await checkInclusion(proof, trusted(), keys.origin);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const entry = parseCanonicalEntry(proof.entries[0].entry)!;
    expect(entry).toMatchObject({ v: 1, type: "result.issued", key, result: { attempt, state: "scored", level: "7", language: "en" } });
    // The time is stored exactly as it was hashed: the scoredAt of the result, to the millisecond.
    const [ct] = await t.ctx.db.select({ scoredAt: candidateTests.scoredAt }).from(candidateTests).where(eq(candidateTests.id, attempt));
    expect(entry.at).toBe(ct.scoredAt!.toISOString());
    const [row] = await t.ctx.db.select().from(resultLogEntries).where(eq(resultLogEntries.idx, 0));
    expect(row.at.toISOString()).toBe(entry.at);
    expect(row.entry).toBe(proof.entries[0].entry);
  });

  it("serves every checkpoint by size and a consistency proof between any two that verifies", async () => {
    for (let i = 2; i <= 7; i++) released.push(await release(t, exec, await receivedAttempt(t, i), String(i)));
    const latest = await get<{ treeSize: number }>("/api/result_log/checkpoint");
    expect(latest.treeSize).toBe(7);
    for (let from = 1; from <= 7; from++) {
      for (let to = from; to <= 7; to++) {
        const c = await get<ResultLogConsistency>(`/api/result_log/consistency?from=${from}&to=${to}`);
        const [a, b] = [await verifyCheckpoint(c.from.note, trusted()), await verifyCheckpoint(c.to.note, trusted())];
        if (!a.ok || !b.ok) throw new Error("checkpoint signature");
        expect([a.checkpoint.size, b.checkpoint.size]).toEqual([from, to]);
        expect(verifyConsistency(from, to, c.proof.map(fromBase64), a.checkpoint.root, b.checkpoint.root), `${from}→${to}`).toBe(true);
      }
    }
    // An older checkpoint's proof still verifies against that checkpoint.
    const old = await get<ResultLogInclusion>(`/api/result_log/proofs/${released[0]}?size=3`);
    expect(old.checkpoint.treeSize).toBe(3);
    expect((await checkInclusion(old, trusted())).ok).toBe(true);
  });

  it("answers clear 400s and 404s", async () => {
    expect((await get<{ message: string }>("/api/result_log/checkpoints/abc", 400)).message).toBe("A tree size must be a whole number, 0 or more.");
    expect((await get<{ messageKey: string }>("/api/result_log/checkpoints/999", 404)).messageKey).toBe("resultLog.messages.noCheckpoint");
    expect((await get<{ messageKey: string }>("/api/result_log/proofs/not-a-key", 400)).messageKey).toBe("resultLog.messages.badKey");
    expect((await get<{ messageKey: string }>("/api/result_log/proofs/0000-0000-0000-0000-0000", 404)).messageKey).toBe("resultLog.messages.noEntries");
    expect((await get<{ messageKey: string }>(`/api/result_log/proofs/${released[6]}?size=2`, 404)).messageKey).toBe("resultLog.messages.noEntries");
    expect((await get<{ messageKey: string }>("/api/result_log/consistency?from=5&to=2", 400)).messageKey).toBe("resultLog.messages.badRange");
    await get("/api/result_log/consistency?from=1", 400);
  });

  it("a verifier refuses a changed entry, a proof for another key, a checkpoint of another key or a changed checkpoint", async () => {
    const proof = await get<ResultLogInclusion>(`/api/result_log/proofs/${released[3]}`);
    const level = (text: string) => text.replace(/"level":"\d+"/, '"level":"12+"');
    expect(await checkInclusion({ ...proof, entries: [{ ...proof.entries[0], entry: level(proof.entries[0].entry) }] }, trusted())).toMatchObject({ ok: false, reason: "proofFails" });
    expect(await checkInclusion({ ...proof, key: released[4] }, trusted())).toMatchObject({ ok: false, reason: "entryOtherKey" });
    const note = proof.checkpoint.note.replace(/\n\d+\n/, "\n8\n");
    expect(await checkInclusion({ ...proof, checkpoint: { ...proof.checkpoint, note } }, trusted())).toMatchObject({ ok: false, reason: "checkpointBadSignature" });
    const other = logKeys({ seed: Buffer.alloc(32, 7).toString("base64"), oldKeys: [], origin: keys.origin });
    const forged = other.signNote(proof.checkpoint.note.slice(0, proof.checkpoint.note.lastIndexOf("\n\n") + 1));
    expect(await checkInclusion({ ...proof, checkpoint: { ...proof.checkpoint, note: forged } }, trusted())).toMatchObject({ ok: false, reason: "checkpointUnknownKey" });
  });
});

describe("verify-log", () => {
  const trustedKeys = () => logKeys(t.ctx.config.resultLog).trusted;
  const entryAt = async (idx: number) => (await t.ctx.db.select().from(resultLogEntries).where(eq(resultLogEntries.idx, idx)))[0];
  const firstBad = async () => (await verifyResultLog(t.ctx.db, trustedKeys())).problems[0]?.index ?? null;

  it("finds the intact log intact", async () => {
    const report = await verifyResultLog(t.ctx.db, trustedKeys());
    expect(report).toMatchObject({ entries: 7, checkpoints: 7, problems: [] });
  });

  it("names an edited row (the level changed) as the first bad index", async () => {
    const row = await entryAt(4);
    await t.ctx.db.update(resultLogEntries).set({ entry: row.entry.replace(/"level":"[^"]+"/, '"level":"12+"') }).where(eq(resultLogEntries.idx, 4));
    const report = await verifyResultLog(t.ctx.db, trustedKeys());
    expect(report.problems[0].index).toBe(4);
    expect(report.problems.map((p) => p.message).join("\n")).toContain("checkpoint 5: the entries do not give its root; first bad index 4");
    await t.ctx.db.update(resultLogEntries).set({ entry: row.entry }).where(eq(resultLogEntries.idx, 4));
    expect(await firstBad()).toBeNull();
  });

  it("names a reordered log (two rows swapped) and a deleted row", async () => {
    const [a, b] = [await entryAt(2), await entryAt(5)];
    await t.ctx.db.update(resultLogEntries).set({ entry: b.entry, type: b.type, verificationKey: b.verificationKey, candidateTestId: b.candidateTestId, at: b.at }).where(eq(resultLogEntries.idx, 2));
    await t.ctx.db.update(resultLogEntries).set({ entry: a.entry, type: a.type, verificationKey: a.verificationKey, candidateTestId: a.candidateTestId, at: a.at }).where(eq(resultLogEntries.idx, 5));
    expect(await firstBad()).toBe(2);
    await t.ctx.db.update(resultLogEntries).set(a).where(eq(resultLogEntries.idx, 2));
    await t.ctx.db.update(resultLogEntries).set(b).where(eq(resultLogEntries.idx, 5));
    expect(await firstBad()).toBeNull();

    const c = await entryAt(3);
    await t.ctx.db.delete(resultLogEntries).where(eq(resultLogEntries.idx, 3));
    const report = await verifyResultLog(t.ctx.db, trustedKeys());
    expect(report.problems[0]).toMatchObject({ index: 3, message: "entry 3 is missing (the next row is 4)" });
    await t.ctx.db.insert(resultLogEntries).values({ ...a, idx: 3 });
    expect(await firstBad()).toBe(3); // another entry in its place is no repair
    await t.ctx.db.update(resultLogEntries).set(c).where(eq(resultLogEntries.idx, 3));
    expect(await firstBad()).toBeNull();
  });

  it("finds a rewritten tree: an entry and every stored node rewritten to match still fail the signed checkpoints", async () => {
    const row = await entryAt(4);
    const forged = row.entry.replace(/"level":"[^"]+"/, '"level":"12+"');
    await t.ctx.db.update(resultLogEntries).set({ entry: forged }).where(eq(resultLogEntries.idx, 4));
    const saved = await t.ctx.db.select().from(resultLogNodes);
    const rows = await t.ctx.db.select().from(resultLogEntries).orderBy(asc(resultLogEntries.idx));
    const rebuilt = treeOf(rows.map((r) => leafHash(entryBytes(r.entry))));
    await t.ctx.db.delete(resultLogNodes);
    await t.ctx.db.insert(resultLogNodes).values(rebuilt.levels.flatMap((level, l) => level.map((h, i) => ({ id: nodeId(l, i), hash: Buffer.from(h) }))));
    const report = await verifyResultLog(t.ctx.db, trustedKeys());
    expect(report.problems.map((p) => p.index)).toEqual([4, 5, 6]); // checkpoints 5, 6 and 7
    // The public proofs, served from the rewritten nodes, fail against the signed checkpoint.
    const proof = await get<ResultLogInclusion>(`/api/result_log/proofs/${row.verificationKey}`);
    expect(await checkInclusion(proof, trustedKeys())).toMatchObject({ ok: false, reason: "proofFails" });

    // A checkpoint row whose root no longer matches its signed note.
    await t.ctx.db.delete(resultLogNodes);
    await t.ctx.db.insert(resultLogNodes).values(saved);
    await t.ctx.db.update(resultLogEntries).set({ entry: row.entry }).where(eq(resultLogEntries.idx, 4));
    const [cp] = await t.ctx.db.select().from(resultLogCheckpoints).where(eq(resultLogCheckpoints.treeSize, 7));
    await t.ctx.db.update(resultLogCheckpoints).set({ rootHash: Buffer.alloc(32) }).where(eq(resultLogCheckpoints.treeSize, 7));
    expect((await verifyResultLog(t.ctx.db, trustedKeys())).problems.map((p) => p.message)).toEqual([expect.stringMatching(/^checkpoint 7: its row differs from its signed note/)]);
    await t.ctx.db.update(resultLogCheckpoints).set({ rootHash: cp.rootHash }).where(eq(resultLogCheckpoints.treeSize, 7));
    expect(await firstBad()).toBeNull();
  });

  it("npm run verify-log exits 1 naming the first bad index, 0 on an intact log (PostgreSQL: the command opens the test's database)", async ({ skip }) => {
    if (!t.databaseUrl) skip();
    const run = () =>
      new Promise<{ code: number; out: string }>((resolve) => {
        const root = path.resolve(import.meta.dirname, "../../../..");
        execFile(process.execPath, ["--import", "tsx", "packages/server/src/result-log/cli.ts"], { cwd: root, env: { ...process.env, DATABASE_URL: t.databaseUrl!, PUBLIC_URL: "http://localhost:3000", NODE_ENV: "test" } }, (err, stdout, stderr) =>
          resolve({ code: err ? Number((err as { code?: number }).code ?? 2) : 0, out: stdout + stderr }),
        );
      });
    const intact = await run();
    expect(intact.code, intact.out).toBe(0);
    expect(intact.out).toContain("Result log intact: 7 entries, 7 signed checkpoints");
    const row = await entryAt(3);
    await t.ctx.db.update(resultLogEntries).set({ entry: row.entry.replace('"v":1', '"v":1 ') }).where(eq(resultLogEntries.idx, 3));
    const damaged = await run();
    await t.ctx.db.update(resultLogEntries).set({ entry: row.entry }).where(eq(resultLogEntries.idx, 3));
    expect(damaged.code, damaged.out).toBe(1);
    expect(damaged.out).toContain("Result log DAMAGED: first bad index 3");
  });
});

describe("revocation, and the credential check's log inclusion", () => {
  const source = (): LogSource => ({
    keys: async () => get<ResultLogKeys>("/api/result_log/keys"),
    inclusion: async (key) => {
      const res = await t.request({ method: "GET", url: `/api/result_log/proofs/${key}` });
      return res.statusCode === 404 ? "noEntries" : (res.json() as ResultLogInclusion);
    },
  });
  const facts = (verificationKey: string | null) => ({ verificationKey }) as CredentialFacts;

  it("logs a revoked result after its issue; the check passes and says the log records the revocation", async () => {
    const attempt = await receivedAttempt(t, 99);
    const key = await release(t, exec, attempt, "8");
    expect(await logInclusionCheck(source())("", facts(key))).toMatchObject({ check: "logInclusion", outcome: "passed", reason: "included" });
    const revoked = await t.request({ method: "POST", url: `/api/test_results/${attempt}/revoke_credential`, cookie: exec, body: {} });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const proof = await get<ResultLogInclusion>(`/api/result_log/proofs/${key}`);
    expect(proof.entries.map((e) => parseCanonicalEntry(e.entry)?.type)).toEqual(["result.issued", "result.revoked"]);
    expect(parseCanonicalEntry(proof.entries[1].entry)).toMatchObject({ action: "results.revoke_credential", result: { attempt, state: "revoked" } });
    const check = await logInclusionCheck(source())("", facts(key));
    expect(check).toMatchObject({ outcome: "passed", reason: "includedRevoked", vars: { indices: `${proof.entries[0].index}, ${proof.entries[1].index}` } });
    expect(await logInclusionCheck(source())("", facts(null))).toMatchObject({ outcome: "notChecked", reason: "noKey" });
    expect(await logInclusionCheck(source())("", facts("00000000000000000000"))).toMatchObject({ outcome: "failed", reason: "noEntries" });
    expect(await logInclusionCheck({ keys: async () => null, inclusion: async () => null })("", facts(key))).toMatchObject({ outcome: "notChecked", reason: "unavailable" });
    expect((await verifyResultLog(t.ctx.db, logKeys(t.ctx.config.resultLog).trusted)).problems).toEqual([]);
  });
});
