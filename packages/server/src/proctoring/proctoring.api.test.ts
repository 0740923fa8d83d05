import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { proctorAgreements, proctorPasswords } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../taking/test-fixtures.js";
import { setExamPassword } from "./exam-password.js";

/** The exam password (/api/proctorservice/authorize) and the agreement, and start_test after them. */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;

const authorize = (body: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/proctorservice/authorize", cookie, body });
const agree = (body: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/test_content/submit_proctor_agreement", cookie, body });
const show = async (id: number, cookie: string) => (await t.request({ method: "GET", url: `/api/tests/show/${id}`, cookie })).json();

/** A proctor-service test with a known exam password. */
async function serviceTest(password = "ABCD-2345"): Promise<number> {
  const id = await assign(t, owner.candidateId, { test: "en-reading-proctored", useProctorService: true });
  await setExamPassword(t.ctx.db, id, password, "proctoring@example.com");
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = takingApi(t);
  owner = await candidateWithLogin(t);
  other = await candidateWithLogin(t);
});
afterAll(() => t?.close());

describe("exam password", () => {
  it("a wrong password answers 422 'The password was incorrect'; the right one (any case, spaces around) authorises", async () => {
    const id = await serviceTest();
    const wrong = await authorize({ id, password: "WXYZ-2345" }, owner.cookie);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: "The password was incorrect", messageKey: "proctor.messages.passwordIncorrect" });
    expect((await show(id, owner.cookie)).proctorPasswordNeeded).toBe(true);
    const right = await authorize({ id: String(id), password: " abcd-2345 " }, owner.cookie);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ success: true });
    const [row] = await t.ctx.db.select().from(proctorPasswords).where(eq(proctorPasswords.assignedTestId, id));
    expect(row.authorizedAt).not.toBeNull();
    expect(row.authorizedByUserId).toBe(owner.userId);
    expect((await show(id, owner.cookie)).proctorPasswordNeeded).toBe(false);
    // Entering it again is harmless.
    expect((await authorize({ id, password: "ABCD-2345" }, owner.cookie)).statusCode).toBe(200);
  });

  it("empty, blank, missing and longer than 15 characters answer 400 and change nothing", async () => {
    const id = await serviceTest();
    for (const [body, message] of [
      [{ id, password: "" }, "Please enter the exam password."],
      [{ id, password: "   " }, "Please enter the exam password."],
      [{ id }, "Please enter the exam password."],
      [{ id, password: "A".repeat(16) }, "The exam password is at most 15 characters."],
      [{ id: "x", password: "ABCD-2345" }, "The test id must be a positive whole number."],
    ] as const) {
      const res = await authorize(body, owner.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [row] = await t.ctx.db.select().from(proctorPasswords).where(eq(proctorPasswords.assignedTestId, id));
    expect(row.authorizedAt).toBeNull();
  });

  it("ten wrong passwords in 15 minutes lock the test's password form (429), even for the right one", async () => {
    const id = await serviceTest();
    for (let i = 0; i < 10; i++) expect((await authorize({ id, password: `WRONG-${i}` }, owner.cookie)).statusCode).toBe(422);
    const locked = await authorize({ id, password: "ABCD-2345" }, owner.cookie);
    expect(locked.statusCode).toBe(429);
    // Another test's form is not affected.
    const next = await serviceTest("EFGH-6789");
    expect((await authorize({ id: next, password: "EFGH-6789" }, owner.cookie)).statusCode).toBe(200);
  });

  it("another candidate's test and a missing one answer 404; a test without the proctor service 409; signed out 401", async () => {
    const id = await serviceTest();
    const res = await authorize({ id, password: "ABCD-2345" }, other.cookie);
    expect(res.statusCode).toBe(404);
    expect((await authorize({ id: 999_999, password: "ABCD-2345" }, owner.cookie)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(proctorPasswords).where(eq(proctorPasswords.assignedTestId, id));
    expect(row.authorizedAt).toBeNull();
    const plain = await assign(t, owner.candidateId, { test: "en-reading" });
    expect((await authorize({ id: plain, password: "ABCD-2345" }, owner.cookie)).json().message).toBe("This test is not proctored.");
    const local = await assign(t, owner.candidateId, { test: "en-reading-proctored" });
    const noPw = await authorize({ id: local, password: "ABCD-2345" }, owner.cookie);
    expect(noPw.statusCode).toBe(409);
    expect(noPw.json().message).toBe("This test does not use an exam password.");
    expect((await authorize({ id, password: "ABCD-2345" })).statusCode).toBe(401);
  });
});

describe("proctor agreement", () => {
  it("needs a name and the tick: otherwise 400 'You must agree to the statement.'", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading-proctored" });
    const group_key = `test-${id}`;
    for (const body of [
      { group_key, assigned_test_id: id, proctor_name: "Dana Proctor", agree: false },
      { group_key, assigned_test_id: id, proctor_name: "Dana Proctor" },
      { group_key, assigned_test_id: id, proctor_name: "   ", agree: true },
      { group_key, assigned_test_id: id, agree: true },
    ]) {
      const res = await agree(body, owner.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe("You must agree to the statement.");
    }
    const long = await agree({ group_key, assigned_test_id: id, proctor_name: "A".repeat(101), agree: true }, owner.cookie);
    expect(long.statusCode).toBe(400);
    const wrongGroup = await agree({ group_key: "test-1", assigned_test_id: id, proctor_name: "Dana Proctor", agree: true }, owner.cookie);
    expect(wrongGroup.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(proctorAgreements).where(eq(proctorAgreements.assignedTestId, id))).toHaveLength(0);
  });

  it("is recorded once per group, with the trimmed name; a second submission answers 409", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading-proctored" });
    expect((await show(id, owner.cookie)).proctorSignatureNeeded).toBe(true);
    const res = await agree({ group_key: `test-${id}`, assigned_test_id: id, proctor_name: "  Dana Proctor ", agree: true }, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    const [row] = await t.ctx.db.select().from(proctorAgreements).where(eq(proctorAgreements.assignedTestId, id));
    expect(row).toMatchObject({ groupKey: `test-${id}`, proctorName: "Dana Proctor", candidateId: owner.candidateId });
    expect((await show(id, owner.cookie)).proctorSignatureNeeded).toBe(false);
    const again = await agree({ group_key: `test-${id}`, assigned_test_id: id, proctor_name: "Someone Else", agree: true }, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("The proctor agreement for this test has already been submitted.");
  });

  it("another candidate's test answers 404; a test that is not proctored 409", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading-proctored" });
    expect((await agree({ group_key: `test-${id}`, assigned_test_id: id, proctor_name: "X", agree: true }, other.cookie)).statusCode).toBe(404);
    const plain = await assign(t, owner.candidateId, { test: "en-reading" });
    expect((await agree({ group_key: `test-${plain}`, assigned_test_id: plain, proctor_name: "X", agree: true }, owner.cookie)).statusCode).toBe(409);
  });
});

describe("start_test of a proctored test", () => {
  it("is refused until the password is entered and the agreement signed, then starts", async () => {
    const id = await serviceTest();
    const refused = async () => {
      const res = await api.start(id, owner.cookie);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("This test is proctored: it starts when your proctor authorises it.");
    };
    await refused();
    expect((await authorize({ id, password: "ABCD-2345" }, owner.cookie)).statusCode).toBe(200);
    await refused();
    expect((await agree({ group_key: `test-${id}`, assigned_test_id: id, proctor_name: "Dana Proctor", agree: true }, owner.cookie)).statusCode).toBe(200);
    const started = await api.start(id, owner.cookie);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().description).toBe("English Reading Proficiency (Proctored)");
  });

  it("a proctored test without the proctor service needs the agreement only", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading-proctored" });
    expect((await api.start(id, owner.cookie)).statusCode).toBe(422);
    expect((await agree({ group_key: `test-${id}`, assigned_test_id: id, proctor_name: "Dana Proctor", agree: true }, owner.cookie)).statusCode).toBe(200);
    expect((await api.start(id, owner.cookie)).statusCode).toBe(200);
  });
});
