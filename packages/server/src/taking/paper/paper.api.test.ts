import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { assignedTests, candidateTests } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin } from "../test-fixtures.js";

/** GET /testing/tests/{id}/pdf: a real PDF of the paper test, after the proctor's agreement. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;

const pdf = (id: number | string, cookie?: string) =>
  t.app.inject({ method: "GET", url: `/testing/tests/${id}/pdf`, headers: { accept: "text/html,application/pdf", ...(cookie ? { cookie } : {}) } });
const sign = (id: number) =>
  t.request({ method: "POST", url: "/api/test_content/submit_proctor_agreement", cookie: owner.cookie, body: { group_key: `test-${id}`, assigned_test_id: id, proctor_name: "Dana Proctor", agree: true } });
const codeOf = async (id: number) => (await t.ctx.db.select({ code: assignedTests.accessCode }).from(assignedTests).where(eq(assignedTests.id, id)))[0].code;

/** The text of a PDF, when poppler's pdftotext is installed (it is on the CI image). */
const PDFTOTEXT = "/usr/bin/pdftotext";
const textOf = (bytes: Buffer) => execFileSync(PDFTOTEXT, ["-", "-"], { input: bytes }).toString("utf8");

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  owner = await candidateWithLogin(t);
  other = await candidateWithLogin(t);
});
afterAll(() => t?.close());

describe("paper test PDF", () => {
  it("is refused until the proctor signs the agreement", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-reading-paper" });
    const res = await pdf(id, owner.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This test is proctored: it starts when your proctor authorises it.");
  });

  it("is a PDF attachment with the test, the candidate, the access code and every question; the paper becomes outstanding", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-reading-paper" });
    expect((await sign(id)).statusCode).toBe(200);
    const res = await pdf(id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const code = await codeOf(id);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${code}.pdf"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toContain("%%EOF");
    // The document information names the access code in plain text.
    expect(bytes.toString("latin1")).toContain(`(Paper test ${code})`);
    if (fs.existsSync(PDFTOTEXT)) {
      const text = textOf(bytes).replace(/\s+/g, " ");
      expect(text).toContain("Spanish Reading (Paper)");
      expect(text).toContain(`Access code: ${code}`);
      expect(text).toContain("Candidate: Taker Number");
      expect(text).toContain("1. ¿Cuándo está cerrada la clínica?");
      expect(text).toContain("b) Los domingos y los días festivos");
      expect(text).toContain("8. Resuma en español");
    }
    const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id));
    expect(attempt.state).toBe("outstanding");
    // A second download is the same paper.
    expect((await pdf(id, owner.cookie)).statusCode).toBe(200);
  });

  it("another candidate's test and a missing one answer 404; an online test 422; signed out 401; a bad id 400", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-reading-paper" });
    await sign(id);
    expect((await pdf(id, other.cookie)).statusCode).toBe(404);
    expect((await pdf(999_999, owner.cookie)).statusCode).toBe(404);
    const online = await assign(t, owner.candidateId, { test: "en-reading" });
    const res = await pdf(online, owner.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This test is not a paper test.");
    expect((await pdf(id)).statusCode).toBe(401);
    expect((await pdf("x", owner.cookie)).statusCode).toBe(400);
  });

  it("an expired paper test is refused", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-reading-paper", expiresAt: new Date(Date.now() - 1000) });
    await sign(id);
    expect((await pdf(id, owner.cookie)).json().message).toBe("This test has expired.");
  });
});
