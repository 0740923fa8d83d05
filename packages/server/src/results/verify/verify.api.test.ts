import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { checkInclusion, formatVerificationKey, normalizeVerificationKey, trustedKeysOf, verifyMessages } from "@parlance/contract";
import { candidateTests } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { makeResult } from "../reports/test-fixtures.js";
import { newVerificationKey } from "./verification-key.js";
import { ensureVerificationKey } from "./keys.js";
import { VERIFY_LIMIT } from "./service.js";

/** POST /api/test_results/verify and GET /api/test_results/verified/:key: public, exact messages, rate-limited. */
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  const r = await makeResult(t, { firstName: "Vera", lastName: "Fied", level: "9", receivedAt: new Date("2026-03-04T15:00:00Z") });
  key = await ensureVerificationKey(t.ctx, r.candidateTestId);
});
afterAll(() => t?.close());

let ipSerial = 0;
/** Each test its own client address, so the per-address limit of one does not touch another. */
const freshIp = () => `10.77.0.${++ipSerial}`;
const verify = (verification_key: unknown, ip: string) =>
  t.app.inject({ method: "POST", url: "/api/test_results/verify", remoteAddress: ip, headers: { origin: "http://localhost:3000", "content-type": "application/json" }, payload: JSON.stringify({ verification_key }) });
const page = (k: string, ip: string) => t.app.inject({ method: "GET", url: `/api/test_results/verified/${encodeURIComponent(k)}`, remoteAddress: ip });

describe("keys", () => {
  it("are 20 Crockford characters that normalise to themselves, in any case, with dashes and spaces", () => {
    const k = newVerificationKey();
    expect(normalizeVerificationKey(k)).toBe(k);
    expect(normalizeVerificationKey(` ${formatVerificationKey(k).toLowerCase()} `)).toBe(k);
    expect(normalizeVerificationKey("0000 1111 0000 1111 0000".replace(/0/g, "o").replace(/1/g, "l"))).toBe("00001111000011110000");
    expect(normalizeVerificationKey("ABC")).toBeNull();
    expect(normalizeVerificationKey("UUUUUUUUUUUUUUUUUUUU")).toBeNull();
  });
});

describe("verify", () => {
  it("answers the link of a good key typed in lower case with dashes and spaces, signed out", async () => {
    const typed = formatVerificationKey(key).toLowerCase().replace("-", " - ");
    const res = await verify(typed, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: `/testing/results/verified/${key}` });
  });

  it("shows just enough on the public page: name, test, date, level and its equivalents", async () => {
    const res = await page(formatVerificationKey(key), freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      verificationKey: key,
      candidateName: "Vera Fied",
      test: "English Writing Proficiency",
      testDate: "2026-03-04",
      level: "9",
      cefr: "C1",
      ilr: "3",
      actfl: "superior",
    });
  });

  it("answers 404 with the spec's message for a well-formed key that matches nothing", async () => {
    const res = await verify(newVerificationKey(), freshIp());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No results match that key.", messageKey: "resultVerify.messages.noMatch" });
    expect((await page(newVerificationKey(), freshIp())).statusCode).toBe(404);
  });

  it("answers 400 with the spec's message for a malformed key, and for a missing one", async () => {
    for (const bad of ["ABC-123", "!!!!!!!!!!!!!!!!!!!!", "A".repeat(21), ""]) {
      const res = await verify(bad, freshIp());
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(verifyMessages.malformed);
    }
    const missing = await t.app.inject({ method: "POST", url: "/api/test_results/verify", remoteAddress: freshIp(), headers: { origin: "http://localhost:3000", "content-type": "application/json" }, payload: "{}" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(verifyMessages.malformed);
    expect((await page("nope", freshIp())).statusCode).toBe(400);
  });

  it("does not confirm a result that was not scored, even with its key", async () => {
    const r = await makeResult(t, { resultState: "could_not_score" });
    const k = await ensureVerificationKey(t.ctx, r.candidateTestId);
    expect((await verify(k, freshIp())).statusCode).toBe(404);
  });

  it("refuses an address after 20 wrong keys in 15 minutes (429), even with the right key; others still verify", async () => {
    const ip = freshIp();
    for (let i = 0; i < VERIFY_LIMIT; i++) {
      const res = await verify(i % 2 ? newVerificationKey() : "short", ip);
      expect(res.statusCode).not.toBe(429);
    }
    const blocked = await verify(key, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: verifyMessages.tooMany, messageKey: "resultVerify.messages.tooMany" });
    expect((await page(key, ip)).statusCode).toBe(429);
    expect((await verify(key, freshIp())).statusCode).toBe(200);
  });

  it("gives a key once: a second print reads the same key", async () => {
    const r = await makeResult(t);
    const first = await ensureVerificationKey(t.ctx, r.candidateTestId);
    expect(await ensureVerificationKey(t.ctx, r.candidateTestId)).toBe(first);
    const [row] = await t.ctx.db.select({ k: candidateTests.verificationKey }).from(candidateTests).where(eq(candidateTests.id, r.candidateTestId));
    expect(row.k).toBe(first);
    // Giving the key issues the result: the result log records it once, and the proof verifies.
    const proof = await t.app.inject({ method: "GET", url: `/api/result_log/proofs/${first}` });
    expect(proof.statusCode, proof.body).toBe(200);
    const keys = trustedKeysOf((await t.app.inject({ method: "GET", url: "/api/result_log/keys" })).json());
    const checked = await checkInclusion(proof.json(), keys);
    expect(checked.ok && checked.entries.map((e) => [e.entry.type, e.entry.result.attempt])).toEqual([["result.issued", r.candidateTestId]]);
  });
});
