import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { derivePermissions, Role, type Service, type TestListView } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { DEMO_ACCESS_CODE } from "../demo/world.js";
import { accounts, assignedTests, auditLog, candidates, candidateTests, users } from "../db/schema.js";
import { jsonPost, sessionCookieOf } from "./test-support.js";

/**
 * An access code is a key to the one test it names (of one candidate profile), never to a person's account: the
 * takeover a review found (a client links a staff email to a candidate, assigns a test and signs
 * in with its code) and its cross-tenant variants.
 */
let t: TestApp;
let contosoAdmin: string;
let northwindAdmin: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  contosoAdmin = await t.signIn("admin@contoso.example");
  northwindAdmin = await t.signIn("admin@northwind.example");
});
afterAll(() => t?.close());

const STAFF_MESSAGE = "That email address belongs to a staff account.";
const startupOf = async (cookie: string) => (await t.request({ method: "GET", url: "/api/startup", cookie })).json();
const editCandidate = (cookie: string, body: object) => t.request({ method: "POST", url: "/api/candidates/edit", cookie, body });
const rolesOf = async (email: string) => (await t.ctx.db.select({ roles: users.roles }).from(users).where(eq(users.email, email)))[0].roles;

async function codeSignIn(code: string): Promise<string> {
  const res = await jsonPost(t, "/login", { access_code: code });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieOf(res)!;
}

/** A Contoso candidate with a fresh email and one assigned test; returns its id and access code. */
async function contosoCandidateWithTest(email: string): Promise<{ id: number; code: string }> {
  const created = await editCandidate(contosoAdmin, { firstName: "Fresh", lastName: "Person", emailAddress: email, languageId: 140, officeId: t.ids.offices.contoso[0] });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  const options = (await t.request({ method: "GET", url: `/api/test_assignment/available_tests/${id}`, cookie: contosoAdmin })).json();
  const online = options.find((o: { kind: string; methods: string[] }) => o.kind === "test" && o.methods.includes("online"));
  const assigned = await t.request({ method: "POST", url: `/api/test_assignment/create_tests/${id}`, cookie: contosoAdmin, body: { test_objects: [online.value], notify_candidate: false } });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const history = (await t.request({ method: "GET", url: `/api/test_history/get_history?candidate_profile_id=${id}`, cookie: contosoAdmin })).json();
  return { id, code: history[0].access_code };
}

describe("a client cannot link a candidate to a staff or client user", () => {
  const staffAndClientEmails = ["executive@parlance.example", "admin@parlance.example", "evaluator@parlance.example", "admin@northwind.example", "user@northwind.example"];

  it("refuses to create a candidate with such an email (409) and creates nothing", async () => {
    for (const email of staffAndClientEmails) {
      const before = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(candidates))[0].n;
      const res = await editCandidate(contosoAdmin, { firstName: "Eve", lastName: "Taker", emailAddress: email.toUpperCase(), languageId: 140, officeId: t.ids.offices.contoso[0] });
      expect(res.statusCode, `${email}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ message: STAFF_MESSAGE, messageKey: "candidates.messages.staffEmail" });
      expect((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(candidates))[0].n).toBe(before);
    }
  });

  it("refuses to change a candidate's email to such an email, and the roles stay as they were", async () => {
    const { id } = await contosoCandidateWithTest("later.changed@example.com");
    const before = await rolesOf("executive@parlance.example");
    const res = await editCandidate(contosoAdmin, { id, firstName: "Fresh", lastName: "Person", emailAddress: "executive@parlance.example", languageId: 140, officeId: t.ids.offices.contoso[0] });
    expect(res.statusCode, res.body).toBe(409);
    expect(await rolesOf("executive@parlance.example")).toEqual(before);
    const [row] = await t.ctx.db.select({ email: candidates.email }).from(candidates).where(eq(candidates.id, id));
    expect(row.email).toBe("later.changed@example.com");
  });

  it("an old profile that already carries a staff email cannot be assigned a test: no link, no role added", async () => {
    const executiveRoles = await rolesOf("executive@parlance.example");
    const [legacy] = await t.ctx.db
      .insert(candidates)
      .values({ accountId: t.ids.accounts.contoso, firstName: "Old", lastName: "Record", email: "executive@parlance.example", languageId: 140 })
      .returning({ id: candidates.id });
    const options = (await t.request({ method: "GET", url: `/api/test_assignment/available_tests/${legacy.id}`, cookie: contosoAdmin })).json();
    const res = await t.request({ method: "POST", url: `/api/test_assignment/create_tests/${legacy.id}`, cookie: contosoAdmin, body: { test_objects: [options[0].value], notify_candidate: false } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(STAFF_MESSAGE);
    expect(await rolesOf("executive@parlance.example")).toEqual(executiveRoles);
    const [row] = await t.ctx.db.select({ userId: candidates.userId }).from(candidates).where(eq(candidates.id, legacy.id));
    expect(row.userId).toBeNull();
  });
});

describe("an access-code session is a Candidate session of the code's profile only", () => {
  it("the reported takeover: a code never carries the linked user's other roles", async () => {
    // A user who is both staff and a candidate (as before this fix could be made): sign in by code.
    const { code } = await contosoCandidateWithTest("dual.role@example.com");
    await t.ctx.db.update(users).set({ roles: [Role.Candidate, Role.User, Role.TestingExecutive, Role.Administrator] }).where(eq(users.email, "dual.role@example.com"));
    const cookie = await codeSignIn(code);
    const startup = await startupOf(cookie);
    expect(startup.userFlags.roles).toEqual([Role.Candidate]);
    expect(startup.account.id).toBe(t.ids.accounts.contoso);
    const [contoso] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, t.ids.accounts.contoso));
    const candidateOnly = derivePermissions([Role.Candidate], { services: contoso.services as Service[], usesProctorService: contoso.usesProctorService, prepay: contoso.prepay, invoiced: contoso.invoiced });
    // A code session also holds the Language Testing home of its Take a Test card (issue 23), nothing more.
    expect(Object.entries(startup.authorized).filter(([, on]) => on).map(([p]) => p).sort()).toEqual([...candidateOnly, "languageTesting"].sort());
    expect((await t.request({ method: "POST", url: "/api/candidates/search", cookie, body: { query: "", page: 1 } })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/dev/mailbox", cookie })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("Contoso's code of the demo candidate reaches her Contoso tests, never her Northwind tests, results or PDFs", async () => {
    const { northwind, contoso } = t.ids.history.demoCandidate;
    const history = (await t.request({ method: "GET", url: `/api/test_history/get_history?candidate_profile_id=${contoso}`, cookie: contosoAdmin })).json();
    const cookie = await codeSignIn(history[0].access_code);

    const view: TestListView = (await t.request({ method: "GET", url: "/api/tests/list", cookie })).json();
    const listed = [...view.takableTests, ...view.upcomingTests, ...view.schedulableTests, ...view.purchasableTests, ...view.missedTests];
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed.map((e) => e.accountName))).toEqual(new Set(["Contoso Legal"]));
    expect(listed.some((e) => e.href?.includes("choose_account"))).toBe(false);

    const northwindTests = (await t.request({ method: "GET", url: `/api/test_history/get_history?candidate_profile_id=${northwind}`, cookie: northwindAdmin })).json();
    for (const test of northwindTests.slice(0, 5)) {
      expect((await t.request({ method: "GET", url: `/api/tests/show/${test.assigned_test_id}`, cookie })).statusCode, test.description).toBe(404);
    }
    const [scored] = await t.ctx.db
      .select({ id: candidateTests.id })
      .from(candidateTests)
      .where(and(eq(candidateTests.candidateId, northwind), eq(candidateTests.resultState, "scored")))
      .limit(1);
    expect(scored).toBeDefined();
    expect((await t.request({ method: "GET", url: `/testing/results/${scored.id}/download`, cookie })).statusCode).toBe(404);
    // The same person signed in with her password still reaches her own Northwind report.
    const own = await t.signIn("candidate@northwind.example");
    expect((await t.request({ method: "GET", url: `/testing/results/${scored.id}/download`, cookie: own })).statusCode).toBe(200);
  });

  it("Northwind's demo code shows Northwind tests only; the password session shows both employers", async () => {
    const byCode: TestListView = (await t.request({ method: "GET", url: "/api/tests/list", cookie: await codeSignIn(DEMO_ACCESS_CODE) })).json();
    const entries = (v: TestListView) => [...v.takableTests, ...v.upcomingTests, ...v.schedulableTests, ...v.purchasableTests, ...v.missedTests];
    expect(new Set(entries(byCode).map((e) => e.accountName))).toEqual(new Set(["Northwind Health"]));
    expect(entries(byCode).some((e) => e.href?.includes("choose_account"))).toBe(false);
    // Choose Employer belongs to the password session: the writing test both employers assigned.
    const byPassword: TestListView = (await t.request({ method: "GET", url: "/api/tests/list", cookie: await t.signIn("candidate@northwind.example") })).json();
    expect(entries(byPassword).some((e) => e.href?.includes("choose_account"))).toBe(true);
  });

  it("a code session is offered the Language Testing home (its Take a Test card) and none of the account's service lines (issue 23)", async () => {
    const byCode = await startupOf(await codeSignIn(DEMO_ACCESS_CODE));
    expect(byCode.authorized).toMatchObject({ tests: true, languageTesting: true, training: false, translation: false, interpretation: false, changePassword: false });
    const byPassword = await startupOf(await t.signIn("candidate@northwind.example"));
    expect(byPassword.authorized).toMatchObject({ tests: true, languageTesting: true, training: false, translation: false, interpretation: false });
    const interpretation = await t.request({ method: "POST", url: "/api/interpretation_requests/submit_request", cookie: await codeSignIn(DEMO_ACCESS_CODE), body: {} });
    expect(interpretation.statusCode).toBe(403);
  });

  it("a code opens the one test it names: the profile's other tests, results and payments stay shut", async () => {
    const cookie = await codeSignIn(DEMO_ACCESS_CODE);
    const [own] = await t.ctx.db.select({ id: assignedTests.id, candidateId: assignedTests.candidateId }).from(assignedTests).where(eq(assignedTests.accessCode, DEMO_ACCESS_CODE));
    const view: TestListView = (await t.request({ method: "GET", url: "/api/tests/list", cookie })).json();
    const listed = [...view.takableTests, ...view.upcomingTests, ...view.schedulableTests, ...view.purchasableTests, ...view.missedTests];
    expect(listed.map((e) => e.assignedTestId)).toEqual([own.id]);
    expect((await t.request({ method: "GET", url: `/api/tests/show/${own.id}`, cookie })).statusCode).toBe(200);
    // The same profile's other tests (takeable, scheduled, to pay, scored) answer 404 to the code.
    const others = await t.ctx.db.select({ id: assignedTests.id }).from(assignedTests).where(and(eq(assignedTests.candidateId, own.candidateId), ne(assignedTests.id, own.id)));
    expect(others.length).toBeGreaterThan(2);
    for (const other of others) expect((await t.request({ method: "GET", url: `/api/tests/show/${other.id}`, cookie })).statusCode, String(other.id)).toBe(404);
    const [scored] = await t.ctx.db.select({ id: candidateTests.id }).from(candidateTests).where(and(eq(candidateTests.candidateId, own.candidateId), eq(candidateTests.resultState, "scored"))).limit(1);
    expect((await t.request({ method: "GET", url: `/testing/results/${scored.id}/download`, cookie })).statusCode).toBe(404);
    // The password session of the same person reaches all of them.
    const byPassword: TestListView = (await t.request({ method: "GET", url: "/api/tests/list", cookie: await t.signIn("candidate@northwind.example") })).json();
    expect([...byPassword.takableTests, ...byPassword.upcomingTests, ...byPassword.purchasableTests].length).toBeGreaterThan(2);
  });

  it("the sign-in is audited with the code's profile, and a deleted profile ends its code sessions", async () => {
    const { id, code } = await contosoCandidateWithTest("deleted.later@example.com");
    const cookie = await codeSignIn(code);
    const lines = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "auth.sign_in"));
    expect(lines.some((l) => l.details?.method === "access_code" && l.details?.candidateId === id)).toBe(true);
    await t.ctx.db.update(candidates).set({ deletedAt: new Date() }).where(eq(candidates.id, id));
    expect((await startupOf(cookie)).userFlags).toBeUndefined();
  });
});

describe("no sequence of client routes yields a session beyond Candidate", () => {
  it("every access code a client administrator can read signs in as a Candidate of that client only", async () => {
    for (const [cookie, accountId] of [[contosoAdmin, t.ids.accounts.contoso], [northwindAdmin, t.ids.accounts.northwind]] as const) {
      const search = (await t.request({ method: "GET", url: "/api/test_history/search?page=1", cookie })).json();
      const codes: string[] = search.results.filter((i: { expired: boolean }) => !i.expired).map((i: { accessCode: string }) => i.accessCode);
      let signedIn = 0;
      for (const code of codes.slice(0, 12)) {
        const res = await jsonPost(t, "/login", { access_code: code });
        // A cancelled test's code was retired; every code that opens a session opens a Candidate one.
        if (res.statusCode === 401) continue;
        signedIn += 1;
        const startup = await startupOf(sessionCookieOf(res)!);
        expect(startup.userFlags.roles, code).toEqual([Role.Candidate]);
        expect(startup.account.id, code).toBe(accountId);
      }
      expect(signedIn).toBeGreaterThan(0);
    }
    // And no user outside the candidates gained the Candidate role along the way.
    const staff = await t.ctx.db.select({ email: users.email, roles: users.roles }).from(users).where(inArray(users.email, ["executive@parlance.example", "admin@parlance.example", "admin@northwind.example", "admin@contoso.example"]));
    for (const u of staff) expect(u.roles, u.email).not.toContain(Role.Candidate);
  });
});
