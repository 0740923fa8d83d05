import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { candidateMessages } from "@parlance/contract";
import { accessCodes, auditLog, authKeys, candidates, mailOutbox, users } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { insertAssignedTest, insertCandidate, signInAll } from "./test-fixtures.js";
import { ensureCandidateUser } from "./candidate-user.js";

/** The candidate detail page's data, and delete, notify and activate with their rules and messages. */
let t: TestApp;
let cookies: Record<string, string>;
const admin = () => cookies["admin@northwind.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookies = await signInAll(t);
});
afterAll(() => t?.close());

const post = (path: string, body: unknown, cookie = admin()) => t.request({ method: "POST", url: `/api/candidates/${path}`, cookie, body });
const get = (id: number, cookie = admin()) => t.request({ method: "GET", url: `/api/candidates/${id}`, cookie });
const row = async (id: number) => (await t.ctx.db.select().from(candidates).where(eq(candidates.id, id)))[0];
const lastMailTo = async (to: string) => (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
const mailsTo = async (to: string) => (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).length;
const day = (d: string) => new Date(`${d}T15:00:00Z`);

describe("the detail page's data", () => {
  it("has the profile, sign-in state, open tests and the certificates the candidate qualifies for", async () => {
    const id = await insertCandidate(t, { firstName: "Dina", middleName: "May", lastName: "Detail", employeeId: "D-1", role: "Pharmacist", specialty: "Retail Pharmacy", notes: "n" });
    const recent = new Date(Date.now() - 30 * 86_400_000);
    await insertAssignedTest(t, id, { test: "en-reading", state: "taken", attempt: { state: "received", at: recent, score: "9" } });
    await insertAssignedTest(t, id, { test: "en-writing", state: "taken", attempt: { state: "received", at: day("2023-05-10"), score: "7" } });
    await insertAssignedTest(t, id, { test: "en-listening", state: "taken", attempt: { state: "received", at: day("2019-05-10"), score: "6" } });
    await insertAssignedTest(t, id, { test: "es-ls-ivr" });
    await insertAssignedTest(t, id, { test: "zh-writing", deleted: true });
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id,
      displayAs: "Detail, Dina May",
      employeeId: "D-1",
      office: { id: t.ids.offices.northwind[0], name: "Boston" },
      healthCareRole: { name: "Pharmacist" },
      healthCareSpecialty: { name: "Retail Pharmacy" },
      includeHealthCareRoles: true,
      usesProctorService: true,
      hasUser: false,
      isActivated: false,
      openTests: 1,
      testInProgress: false,
    });
    const kace = d.certificates.find((c: { type: string }) => c.type === "kace");
    const multicare = d.certificates.find((c: { type: string }) => c.type === "multicare");
    // The last 5 years: the reading (recent) and writing (2023) tests, not the 2019 one.
    expect(kace.tests.map((x: { description: string }) => x.description)).toEqual(["English Reading Proficiency", "English Writing Proficiency"]);
    expect(kace.minTestDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(kace.minTestDate.slice(0, 4))).toBe(new Date().getFullYear() - 5);
    // On or after 2025: the recent one only.
    expect(multicare).toEqual({ type: "multicare", minTestDate: "2025-01-01", tests: [expect.objectContaining({ description: "English Reading Proficiency", score: "9" })] });
  });

  it("lists no certificate without scored tests, and answers 400 for a malformed id", async () => {
    const id = await insertCandidate(t, { firstName: "No", lastName: "Certificates" });
    expect((await get(id)).json().certificates).toEqual([]);
    const bad = await t.request({ method: "GET", url: "/api/candidates/abc", cookie: admin() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(candidateMessages.badId);
  });
});

describe("delete", () => {
  it("keeps the row for history, stops listing it, spends the codes of unstarted tests, and records who did it", async () => {
    const id = await insertCandidate(t, { firstName: "Del", lastName: "Etable", email: "del.etable@example.com" });
    await t.ctx.db.transaction((tx) => ensureCandidateUser(tx, id));
    const open = await insertAssignedTest(t, id, { test: "en-reading" });
    const done = await insertAssignedTest(t, id, { test: "en-writing", state: "taken", attempt: { state: "received", score: "5" } });
    const res = await post("delete", { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "The candidate was successfully deleted" });
    expect((await row(id)).deletedAt).not.toBeNull();
    expect((await get(id)).statusCode).toBe(404);
    const listed = (await post("search", { query: "etable" })).json();
    expect(listed.itemCount).toBe(0);
    expect(await t.ctx.db.select().from(accessCodes).where(eq(accessCodes.code, open.accessCode))).toEqual([]);
    expect(await t.ctx.db.select().from(accessCodes).where(eq(accessCodes.code, done.accessCode))).toHaveLength(1);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "candidates.delete"), eq(auditLog.targetId, String(id))));
    expect(entry).toMatchObject({ actorUserId: t.ids.users["admin@northwind.example"], accountId: t.ids.accounts.northwind });
    // Deleting again: it is gone.
    expect((await post("delete", { id })).statusCode).toBe(404);
  });

  it("is refused while a test is in progress, and nothing changes", async () => {
    const id = await insertCandidate(t, { firstName: "Busy", lastName: "Testing" });
    await insertAssignedTest(t, id, { test: "en-reading", attempt: { state: "in_progress" } });
    expect((await get(id)).json().testInProgress).toBe(true);
    const res = await post("delete", { id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: "This candidate cannot be deleted while a test is in progress.", messageKey: "candidates.messages.testInProgress" });
    expect((await row(id)).deletedAt).toBeNull();
  });

  it("answers 400 for a bad id, and nothing changes", async () => {
    for (const id of ["abc", 0, -5, null, 1.5]) {
      const res = await post("delete", { id });
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json().message).toBe(candidateMessages.badId);
    }
  });
});

describe("notify", () => {
  it("mails the candidate their open tests with access codes, as a mail job", async () => {
    const id = await insertCandidate(t, { firstName: "Nora", lastName: "Notify", email: "nora.notify@example.com" });
    const a = await insertAssignedTest(t, id, { test: "en-reading" });
    const b = await insertAssignedTest(t, id, { test: "es-ls-live", state: "needs_scheduling" });
    const expired = await insertAssignedTest(t, id, { test: "en-writing", createdAt: day("2024-01-01"), expiresAt: day("2024-01-31") });
    const started = await insertAssignedTest(t, id, { test: "en-listening", attempt: { state: "in_progress" } });
    const deleted = await insertAssignedTest(t, id, { test: "ar-reading", deleted: true });
    const res = await post("notify", { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "The candidate has been emailed their open tests and access codes." });
    const mail = await lastMailTo("nora.notify@example.com");
    expect(mail.subject).toBe("Your open tests from Northwind Health");
    expect(mail.template).toBe("candidates.notify");
    expect(mail.textBody).toContain(`English Reading Proficiency (Online): access code ${a.accessCode}`);
    expect(mail.textBody).toContain(`access code ${b.accessCode}`);
    expect(mail.textBody).toContain("Sign in to choose a time.");
    expect(mail.textBody).toContain("/login?use_code=1");
    for (const other of [expired, started, deleted]) expect(mail.textBody).not.toContain(other.accessCode);
  });

  it("writes in the candidate's preferred language", async () => {
    const id = await insertCandidate(t, { firstName: "Li", lastName: "Notify", email: "li.notify@example.com" });
    await t.ctx.db.update(candidates).set({ languageId: 104 }).where(eq(candidates.id, id));
    await insertAssignedTest(t, id, { test: "zh-writing" });
    expect((await post("notify", { id })).statusCode).toBe(200);
    expect((await lastMailTo("li.notify@example.com")).subject).toBe("您在 Northwind Health 的待考测试");
  });

  it("says why it cannot: no open tests, no email address; and sends nothing", async () => {
    const none = await insertCandidate(t, { firstName: "Idle", lastName: "Notify", email: "idle.notify@example.com" });
    const res = await post("notify", { id: none });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This candidate has no open tests to be notified about.");
    const noEmail = await insertCandidate(t, { firstName: "Quiet", lastName: "Notify", email: "" });
    await insertAssignedTest(t, noEmail, { test: "en-reading" });
    const res2 = await post("notify", { id: noEmail });
    expect(res2.statusCode).toBe(422);
    expect(res2.json().message).toBe("This candidate has no email address to send to.");
    expect(await mailsTo("idle.notify@example.com")).toBe(0);
  });
});

describe("activate", () => {
  it("gives the candidate a sign-in and mails a set-password link", async () => {
    const id = await insertCandidate(t, { firstName: "Ava", lastName: "Activate", email: "ava.activate@example.com" });
    const res = await post("activate", { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "The candidate has been emailed a link to set their password." });
    const c = await row(id);
    expect(c.userId).not.toBeNull();
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, c.userId!));
    expect(user).toMatchObject({ email: "ava.activate@example.com", passwordHash: null });
    expect(await t.ctx.db.select().from(authKeys).where(and(eq(authKeys.userId, user.id), eq(authKeys.kind, "activation")))).toHaveLength(1);
    const mail = await lastMailTo("ava.activate@example.com");
    expect(mail.textBody).toMatch(/\/setup_account\/[\w-]+/);
    expect((await get(id)).json()).toMatchObject({ hasUser: true, isActivated: false });
    // Again: the same user, a new link.
    expect((await post("activate", { id })).statusCode).toBe(200);
    expect((await row(id)).userId).toBe(c.userId);
    expect(await mailsTo("ava.activate@example.com")).toBe(2);
  });

  it("needs an email address", async () => {
    const id = await insertCandidate(t, { firstName: "Nobody", lastName: "Activate", email: "" });
    const res = await post("activate", { id });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This candidate has no email address to send to.");
    expect((await row(id)).userId).toBeNull();
  });
});
