import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { Role } from "@parlance/contract";
import { candidates, candidateTestAnswers, candidateTests, sessions, users } from "../db/schema.js";
import { hashSecret } from "../auth/tokens.js";
import { jsonPost, sessionCookieOf } from "../auth/test-support.js";
import { insertAssignedTest, insertCandidate } from "../candidates/test-fixtures.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "./test-fixtures.js";

/**
 * The autosave checks the session inside its one statement (http/statement-guard.ts) instead of
 * the guard every other route passes. It must answer exactly what the guard answers, for every
 * kind of session: the same route family's guarded GET check_status is the reference.
 */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let started: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = takingApi(t);
  owner = await candidateWithLogin(t);
  started = await assign(t, owner.candidateId, { test: "en-reading" });
  expect((await api.start(started, owner.cookie)).statusCode).toBe(200);
  expect((await api.save(started, { candidate_test_items: [{ id: "q1", response: "b", seq: 1 }] }, owner.cookie)).statusCode).toBe(200);
});
afterAll(() => t?.close());

const saveBody = (seq: number) => ({ candidate_test_items: [{ id: "q1", response: "a", seq }], seconds_taken: 9_999 });
const idHashOf = (cookie: string) => hashSecret(cookie.split("=")[1]);
const held = async () => {
  const [a] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, started));
  const [q1] = await t.ctx.db.select().from(candidateTestAnswers).where(eq(candidateTestAnswers.candidateTestId, a.id));
  return { q1: q1.response, seq: q1.seq, seconds: a.secondsTaken };
};

/** The save and the guarded status route answer the same status for this cookie, and nothing is written. */
async function sameAsGuard(id: number, cookie: string | undefined, expected: number) {
  const before = await held();
  // The save first: the guard's lookup deletes a session it finds invalid, which would hide a gap.
  const save = await api.save(id, saveBody(1_000 + Math.floor(Math.random() * 1_000)), cookie);
  const guard = await api.status(id, cookie);
  expect(guard.statusCode, guard.body).toBe(expected);
  expect(save.statusCode, save.body).toBe(expected);
  expect(save.json().message).toBe(guard.json().message);
  expect(await held()).toEqual(before);
}

async function freshSession(): Promise<string> {
  return t.signIn((await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, owner.userId)))[0].email, "Taking-Test-Pass-2026!");
}

describe("the autosave's statement answers as the guard does", () => {
  it("no cookie, an unknown cookie, a signed-out session: 401", async () => {
    await sameAsGuard(started, undefined, 401);
    await sameAsGuard(started, "parlance_session=not-a-session", 401);
    const cookie = await freshSession();
    expect((await t.request({ method: "POST", url: "/logout", cookie, body: {} })).statusCode).toBeLessThan(400);
    await sameAsGuard(started, cookie, 401);
  });

  it("an idle session, an expired one, a deactivated user: 401", async () => {
    const idle = await freshSession();
    await t.ctx.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) }).where(eq(sessions.idHash, idHashOf(idle)));
    await sameAsGuard(started, idle, 401);
    const expired = await freshSession();
    await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(sessions.idHash, idHashOf(expired)));
    await sameAsGuard(started, expired, 401);
    const deactivated = await freshSession();
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, owner.userId));
    try {
      await sameAsGuard(started, deactivated, 401);
    } finally {
      await t.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, owner.userId));
    }
  });

  it("staff, a client administrator, and the owner without the Candidate role: 403", async () => {
    await sameAsGuard(started, await t.signIn("evaluator@parlance.example"), 403);
    await sameAsGuard(started, await t.signIn("admin@northwind.example"), 403);
    const cookie = await freshSession();
    await t.ctx.db.update(users).set({ roles: [Role.User] }).where(eq(users.id, owner.userId));
    try {
      await sameAsGuard(started, cookie, 403);
    } finally {
      await t.ctx.db.update(users).set({ roles: [Role.Candidate, Role.User] }).where(eq(users.id, owner.userId));
    }
  });

  it("another candidate, and the owner's access code for another of their profiles: 404, even with answers that would not validate", async () => {
    const other = await candidateWithLogin(t);
    await sameAsGuard(started, other.cookie, 404);
    const stranger = await api.save(started, { candidate_test_items: [{ id: "no-such-item", response: "x", seq: 5 }] }, other.cookie);
    expect(stranger.statusCode).toBe(404);
    // A second profile of the same user, at Contoso, with its own test and code.
    const contoso = await insertCandidate(t, { firstName: "Taker", lastName: "Elsewhere", email: `elsewhere.${Date.now()}@example.com`, account: "contoso" });
    await t.ctx.db.update(candidates).set({ userId: owner.userId }).where(eq(candidates.id, contoso));
    const { accessCode } = await insertAssignedTest(t, contoso, { test: "en-reading" });
    const res = await jsonPost(t, "/login", { access_code: accessCode });
    expect(res.statusCode, res.body).toBe(200);
    const byCode = sessionCookieOf(res)!;
    await sameAsGuard(started, byCode, 404);
    // Once the code's profile is deleted, its session ends.
    await t.ctx.db.update(candidates).set({ deletedAt: new Date() }).where(eq(candidates.id, contoso));
    await sameAsGuard(started, byCode, 401);
  });

  it("the owner's access code of another test of the same profile: 404 (a code opens its one test)", async () => {
    const { accessCode } = await insertAssignedTest(t, owner.candidateId, { test: "en-writing" });
    const res = await jsonPost(t, "/login", { access_code: accessCode });
    expect(res.statusCode, res.body).toBe(200);
    await sameAsGuard(started, sessionCookieOf(res)!, 404);
  });

  it("the owner saves, and the save keeps the session alive", async () => {
    const cookie = await freshSession();
    await t.ctx.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 20 * 60_000) }).where(eq(sessions.idHash, idHashOf(cookie)));
    const res = await api.save(started, saveBody(3_000), cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().saved).toEqual([{ id: "q1", seq: 3_000 }]);
    expect(await held()).toEqual({ q1: "a", seq: 3_000, seconds: 9_999 });
    const [s] = await t.ctx.db.select({ idleMs: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt}) * 1000` }).from(sessions).where(eq(sessions.idHash, idHashOf(cookie)));
    expect(Number(s.idleMs)).toBeLessThan(60_000);
    // An older save arriving late changes nothing and is acknowledged with the seq held.
    const late = await api.save(started, { candidate_test_items: [{ id: "q1", response: "c", seq: 2_000 }], seconds_taken: 10 }, cookie);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().saved).toEqual([{ id: "q1", seq: 3_000 }]);
    expect(await held()).toEqual({ q1: "a", seq: 3_000, seconds: 9_999 });
  });
});
