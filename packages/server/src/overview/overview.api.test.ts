import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import { assignedTests, candidates, invoices } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";

/**
 * The overview: its startup flags by role, GET /api/overview/events through the tenant scope
 * (an account's events never another's, an office user's only their office's), and the client
 * chart's figures (test_stats) by role and tenant.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
const WHO = [
  "admin@northwind.example",
  "user@northwind.example",
  "office.admin@northwind.example",
  "office.user@northwind.example",
  "candidate@northwind.example",
  "admin@contoso.example",
  "admin@parlance.example",
  "news@parlance.example",
  "executive@parlance.example",
  "evaluator@parlance.example",
];
const get = (url: string, who?: string) => t.request({ method: "GET", url, cookie: who ? cookies[who] : undefined });
type Event = { type: string; subject: string; test: string | null; link: string | null; created_at: string; description: string };
const eventsOf = async (who: string): Promise<Event[]> => {
  const res = await get("/api/overview/events", who);
  expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
  return res.json().events;
};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of WHO) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

describe("GET /api/overview/startup", () => {
  it("gives each role its flags", async () => {
    const of = async (who: string) => (await get("/api/overview/startup", who)).json();
    const admin = await of("admin@northwind.example");
    expect(admin).toMatchObject({ isCandidate: false, officeUser: false, shouldViewLimitedSupport: false, ivrLocalNumber: "+1 617 555 0142", ivrTollFree: "+1 800 555 0142" });
    expect(admin.authorized).toMatchObject({ Candidates: true, Settings: true, TestHistory: true, Tests: false, Results: false });
    expect(await of("office.user@northwind.example")).toMatchObject({ officeUser: true, authorized: { Settings: false, Candidates: true } });
    expect(await of("candidate@northwind.example")).toMatchObject({ isCandidate: true, shouldViewLimitedSupport: true, authorized: { Tests: true, Candidates: false } });
    expect(await of("evaluator@parlance.example")).toMatchObject({ isCandidate: false, authorized: { Results: true, EvaluatorSchedule: true, Candidates: false } });
    expect((await of("news@parlance.example")).authorized).toEqual({ Candidates: false, EvaluatorSchedule: false, Groups: false, OutstandingPaperTests: false, Results: false, Settings: false, TestHistory: false, Tests: false });
    expect((await get("/api/overview/startup")).statusCode).toBe(401);
  });
});

describe("GET /api/overview/events", () => {
  it("signed out: 401", async () => {
    expect((await get("/api/overview/events")).statusCode).toBe(401);
  });

  it("a client sees its own account's results, expiring tests and invoices due, never another account's", async () => {
    const now = new Date();
    // An open Northwind test expiring in three days, and a Contoso one, so both accounts have one.
    const open = async (accountId: number) => {
      const [row] = await t.ctx.db
        .select({ id: assignedTests.id, candidateId: assignedTests.candidateId })
        .from(assignedTests)
        .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
        .where(and(eq(assignedTests.accountId, accountId), eq(assignedTests.state, "takeable"), eq(assignedTests.hasAttempt, false), isNull(assignedTests.deletedAt), isNull(candidates.deletedAt)))
        .limit(1);
      await t.ctx.db.update(assignedTests).set({ expiresAt: new Date(now.getTime() + 3 * 86_400_000) }).where(eq(assignedTests.id, row!.id));
      const [c] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, row!.candidateId));
      return { ...row!, name: `${c!.firstName} ${c!.lastName}`, officeId: c!.officeId };
    };
    const northwindTest = await open(t.ids.accounts.northwind);
    const contosoTest = await open(t.ids.accounts.contoso);
    // A Northwind invoice with a balance, due tomorrow.
    const [invoice] = await t.ctx.db.select().from(invoices).where(and(eq(invoices.accountId, t.ids.accounts.northwind), sql`${invoices.balanceCents} > 0`)).limit(1);
    const due = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    await t.ctx.db.update(invoices).set({ dueDate: due }).where(eq(invoices.id, invoice!.id));

    const northwind = await eventsOf("admin@northwind.example");
    const contoso = await eventsOf("admin@contoso.example");
    expect(northwind.some((e) => e.type === "test_expiring" && e.subject === northwindTest.name && e.link === `/testing/candidates/${northwindTest.candidateId}`)).toBe(true);
    expect(northwind.some((e) => e.type === "payment_due" && e.subject === invoice!.number && e.link === `/invoice/${invoice!.id}`)).toBe(true);
    expect(northwind.some((e) => e.subject === contosoTest.name)).toBe(false);
    expect(contoso.some((e) => e.type === "test_expiring" && e.subject === contosoTest.name)).toBe(true);
    expect(contoso.some((e) => e.subject === northwindTest.name || e.subject === invoice!.number)).toBe(false);
    for (const e of northwind) expect(e.description.length).toBeGreaterThan(0);
  });

  it("an office user sees only their office's candidates", async () => {
    const boston = t.ids.offices.northwind[0]!;
    const events = await eventsOf("office.user@northwind.example");
    const linked = events.filter((e) => e.link?.startsWith("/testing/candidates/") && /\d+$/.test(e.link)).map((e) => Number(e.link!.split("/").pop()));
    const officeOf = async (id: number) => (await t.ctx.db.select({ officeId: candidates.officeId }).from(candidates).where(eq(candidates.id, id)))[0]!.officeId;
    for (const id of linked) expect(await officeOf(id)).toBe(boston);
  });

  it("the News Manager and the Administrator have no events; an evaluator's are their own overdue scoring", async () => {
    expect(await eventsOf("news@parlance.example")).toEqual([]);
    expect(await eventsOf("admin@parlance.example")).toEqual([]);
    const evaluator = await eventsOf("evaluator@parlance.example");
    expect(evaluator.every((e) => e.type === "scoring_overdue" && e.link === "/testing/results")).toBe(true);
    const executive = await eventsOf("executive@parlance.example");
    expect(executive.length).toBeGreaterThanOrEqual(evaluator.length);
  });

  it("a candidate sees their own tests only", async () => {
    const events = await eventsOf("candidate@northwind.example");
    expect(events.every((e) => ["test_expiring", "payment_due"].includes(e.type) && e.link === "/testing/tests")).toBe(true);
    // Boston left the demo candidate a test to pay for (README): a payment due.
    expect(events.some((e) => e.type === "payment_due" && e.test === "Spanish to English Translation")).toBe(true);
  });
});

describe("GET /api/overview/test_stats", () => {
  it("gives a client 12 months and 13 levels of its own scope; others 403, signed out 401", async () => {
    const account = (await get("/api/overview/test_stats", "admin@northwind.example")).json();
    expect(account.by_month).toHaveLength(12);
    expect(account.by_level.map((l: { level: string }) => l.level)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "12+"]);
    const total = (s: { by_month: { assigned: number }[] }) => s.by_month.reduce((n, m) => n + m.assigned, 0);
    expect(total(account)).toBeGreaterThan(0);
    const office = (await get("/api/overview/test_stats", "office.user@northwind.example")).json();
    expect(total(office)).toBeLessThan(total(account));
    const contoso = (await get("/api/overview/test_stats", "admin@contoso.example")).json();
    expect(total(contoso)).toBeLessThan(total(account));
    const levels = (s: { by_level: { count: number }[] }) => s.by_level.reduce((n, l) => n + l.count, 0);
    expect(levels(account)).toBe(account.by_month.reduce((n: number, m: { scored: number }) => n + m.scored, 0));
    for (const who of ["candidate@northwind.example", "news@parlance.example", "evaluator@parlance.example"]) {
      expect((await get("/api/overview/test_stats", who)).statusCode, who).toBe(403);
    }
    expect((await get("/api/overview/test_stats")).statusCode).toBe(401);
  });
});
