import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { candidateTestAnswers, candidateTests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { sweepOverdueAttempts } from "../attempts/index.js";
import { assign, candidateWithLogin, takingApi } from "./test-fixtures.js";

/** Who reaches an attempt (only its candidate), and every reason a test cannot be started. */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;
let started: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = takingApi(t);
  owner = await candidateWithLogin(t);
  other = await candidateWithLogin(t);
  started = await assign(t, owner.candidateId, { test: "en-reading" });
  expect((await api.start(started, owner.cookie)).statusCode).toBe(200);
  await api.save(started, { candidate_test_items: [{ id: "q1", response: "b", seq: 1 }] }, owner.cookie);
});
afterAll(() => t?.close());

/** Every taking route against one assigned test id. */
const everyRoute = (id: number | string, cookie?: string) => [
  api.start(id, cookie),
  api.inProgress(id, cookie),
  api.section(id, cookie, 1),
  api.save(id, { candidate_test_items: [{ id: "q1", response: "a", seq: 50 }] }, cookie),
  api.submit(id, { candidate_test_items: [{ id: "q1", response: "a", seq: 51 }] }, cookie),
  api.status(id, cookie),
  api.grant(id, "item=q1", cookie),
  api.request(id, "item=q1", cookie),
];
const storedQ1 = async () => {
  const [a] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, started));
  const answers = await t.ctx.db.select().from(candidateTestAnswers).where(eq(candidateTestAnswers.candidateTestId, a.id));
  return { state: a.state, q1: answers.find((x) => x.itemId === "q1")?.response };
};

describe("access", () => {
  it("another candidate's attempt answers 404 on every route, and nothing changes", async () => {
    for (const res of await Promise.all(everyRoute(started, other.cookie))) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe("That test was not found.");
    }
    // The demo candidate (another user, another account's profile too) is no closer.
    const demo = await t.signIn("candidate@northwind.example");
    for (const res of await Promise.all(everyRoute(started, demo))) expect(res.statusCode).toBe(404);
    expect(await storedQ1()).toEqual({ state: "in_progress", q1: "b" });
    // Their heartbeat does not touch it either.
    expect((await api.heartbeat({ id: started }, other.cookie)).json()).toEqual({ success: true, id: null, remaining: null });
  });

  it("a missing test answers 404", async () => {
    for (const res of await Promise.all(everyRoute(999_999, owner.cookie))) expect(res.statusCode).toBe(404);
  });

  it("signed out answers 401, a client administrator 403", async () => {
    for (const res of await Promise.all(everyRoute(started))) expect(res.statusCode).toBe(401);
    expect((await api.heartbeat({})).statusCode).toBe(401);
    const admin = await t.signIn("admin@northwind.example");
    for (const res of await Promise.all(everyRoute(started, admin))) expect(res.statusCode).toBe(403);
    expect((await api.heartbeat({}, admin)).statusCode).toBe(403);
    expect(await storedQ1()).toEqual({ state: "in_progress", q1: "b" });
  });

  it("bad input answers 400 with a readable message, never 500", async () => {
    const bad = [
      api.start("abc", owner.cookie),
      api.start("-1", owner.cookie),
      api.section(started, owner.cookie, "x"),
      api.section(started, owner.cookie, 0),
      api.save(started, { candidate_test_items: "nope" }, owner.cookie),
      api.save(started, { candidate_test_items: [{ id: "q1", response: 5, seq: 1 }] }, owner.cookie),
      api.save(started, { candidate_test_items: [{ id: "q1", response: "a", seq: 1.5 }] }, owner.cookie),
      api.save(started, { candidate_test_items: [{ id: "q1", response: "a" }] }, owner.cookie),
      api.save(started, { seconds_taken: "lots" }, owner.cookie),
      api.submit(started, { candidate_test_items: [{ id: "", response: "a", seq: 1 }] }, owner.cookie),
      api.grant(started, "item=", owner.cookie),
      api.grant(started, "item=voicemail&play=zero", owner.cookie),
      api.heartbeat({ id: "x" }, owner.cookie),
    ];
    for (const res of await Promise.all(bad)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ id: "q1", response: "a", seq: i }));
    expect((await api.save(started, { candidate_test_items: tooMany }, owner.cookie)).statusCode).toBe(400);
    expect(await storedQ1()).toEqual({ state: "in_progress", q1: "b" });
  });
});

describe("tests that cannot be started", () => {
  const refused = async (x: Parameters<typeof assign>[2], message: string) => {
    const id = await assign(t, owner.candidateId, x);
    const res = await api.start(id, owner.cookie);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(message);
    expect(await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id))).toEqual(x.attempt ? expect.any(Array) : []);
  };

  it("expired (by state or by date), deleted, cancelled", async () => {
    await refused({ test: "en-reading", state: "expired" }, "This test has expired.");
    await refused({ test: "en-reading", expiresAt: new Date(Date.now() - 1000) }, "This test has expired.");
    await refused({ test: "en-reading", deleted: true }, "This test was withdrawn by the organisation that assigned it.");
    await refused({ test: "en-reading", state: "cancelled" }, "This test was cancelled.");
  });

  it("needing scheduling or payment", async () => {
    await refused({ test: "en-reading", state: "needs_scheduling" }, "This test must be scheduled before it can be taken.");
    await refused({ test: "en-reading", state: "needs_payment" }, "This test must be paid for before it can be taken.");
  });

  it("not an online test, an online test without content, an already submitted test", async () => {
    const offline = Object.keys(t.ids.catalogue.accountTests[t.ids.accounts.northwind]).find((k) => /ivr|paper|live/.test(k))!;
    await refused({ test: offline }, "This test is not taken online.");
    await refused({ test: "med-es-reading" }, "An error occurred while accessing test content.");
    await refused({ test: "en-reading", state: "taken", attempt: { state: "received" } }, "This test has already been submitted.");
  });

  it("a proctored test, until its proctor authorises it", async () => {
    await refused({ test: "en-reading-proctored" }, "This test is proctored: it starts when your proctor authorises it.");
  });

  it("routes that need a started attempt say so (409)", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading" });
    expect((await api.status(id, owner.cookie)).json()).toEqual({ success: true, state: "not_started", remaining: null });
    for (const res of [await api.section(id, owner.cookie), await api.save(id, { candidate_test_items: [] }, owner.cookie), await api.submit(id, {}, owner.cookie)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("This test has not been started yet.");
    }
  });
});

describe("the minute sweep", () => {
  it("submits every overdue attempt and leaves running ones alone (safe to repeat)", async () => {
    const running = await assign(t, owner.candidateId, { test: "en-listening" });
    await api.start(running, owner.cookie);
    await t.ctx.db.update(candidateTests).set({ deadlineAt: new Date(Date.now() - 45_000) }).where(eq(candidateTests.assignedTestId, started));
    expect(await sweepOverdueAttempts(t.ctx)).toBe(1);
    expect(await sweepOverdueAttempts(t.ctx)).toBe(0);
    expect((await storedQ1()).state).toBe("received");
    const [r] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, running));
    expect(r.state).toBe("in_progress");
  });
});
