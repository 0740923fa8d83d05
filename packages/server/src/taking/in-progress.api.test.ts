import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { candidateTests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "./test-fixtures.js";

/**
 * GET in_progress/{id} (ours, issue 26 §3): the attempt in progress as start_test resumes it, read
 * only; what a test page reloaded mid-test carries (server startup/page.ts).
 */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = takingApi(t);
  owner = await candidateWithLogin(t);
});
afterAll(() => t?.close());

const attemptOf = async (assignedTestId: number) => (await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, assignedTestId)))[0];

describe("the attempt in progress, read", () => {
  it("answers what start_test resumes: the content, where the candidate was, the journal, the time remaining", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading" });
    const started = (await api.start(id, owner.cookie)).json();
    await api.save(id, { candidate_test_items: [{ id: "q1", response: "b", seq: 1 }] }, owner.cookie);
    const before = await attemptOf(id);
    const read = await api.inProgress(id, owner.cookie);
    expect(read.statusCode, read.body).toBe(200);
    const resumed = (await api.start(id, owner.cookie)).json();
    // The times differ by when each was answered: the time remaining, and the journal's server clock.
    const timeless = (view: { time_limit: number; journal: { server_time: number } }) => ({ ...view, time_limit: 0, journal: { ...view.journal, server_time: 0 } });
    const readLimit = read.json().time_limit as number;
    const resumedLimit = resumed.time_limit as number;
    expect(timeless(read.json())).toEqual(timeless(resumed));
    expect(timeless(read.json()).journal).toEqual(timeless(started).journal);
    expect(readLimit).toBeGreaterThanOrEqual(resumedLimit);
    expect(readLimit - resumedLimit).toBeLessThan(5_000);
    // Nothing changed by the read.
    expect(await attemptOf(id)).toEqual(before);
  });

  it("a test not started answers 409 and starts nothing", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading" });
    const res = await api.inProgress(id, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This test has not been started yet.");
    expect(await attemptOf(id)).toBeUndefined();
  });

  it("an overdue attempt answers 409 and stays as it is (start_test is the one that submits it)", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading" });
    expect((await api.start(id, owner.cookie)).statusCode).toBe(200);
    await t.ctx.db.update(candidateTests).set({ deadlineAt: new Date(Date.now() - 3_600_000) }).where(eq(candidateTests.assignedTestId, id));
    const res = await api.inProgress(id, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe("taking.messages.timeOver");
    expect((await attemptOf(id))!.state).toBe("in_progress");
    const submitted = await api.start(id, owner.cookie);
    expect(submitted.statusCode).toBe(422);
    expect(submitted.json().messageKey).toBe("taking.messages.timeOverSubmitted");
    expect((await attemptOf(id))!.state).toBe("received");
  });

  it("a submitted attempt answers 409 with its message", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading" });
    await api.start(id, owner.cookie);
    expect((await api.submit(id, { candidate_test_items: [] }, owner.cookie)).statusCode).toBe(200);
    const res = await api.inProgress(id, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This test has already been submitted.");
  });
});
