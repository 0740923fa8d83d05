import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { Role } from "@parlance/contract";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { auditLog, evaluatorLanguages, evaluators, scoringAssignments, users } from "../../db/schema.js";
import { pickEvaluator } from "../../attempts/index.js";

/**
 * The back office's evaluator profiles: who may call each route, a profile made for a staff user
 * with the Evaluator role, its languages and capacity, bad input, and routing that respects capacity.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
const REFUSED = ["admin@northwind.example", "evaluator@parlance.example", "candidate@northwind.example"];
const ENGLISH = 140;
const SPANISH = 150;
const FRENCH = 50;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of ["admin@parlance.example", "executive@parlance.example", ...REFUSED]) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const admin = () => cookies["admin@parlance.example"];
const executive = () => cookies["executive@parlance.example"];
const post = (url: string, body: object, cookie?: string) => t.request({ method: "POST", url: `/api/backoffice/evaluators${url}`, cookie, body });
const get = (path: string, cookie?: string) => t.request({ method: "GET", url: `/api/backoffice/evaluators/${path}`, cookie });
const idOf = async (email: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const profile = (userId: number, more: object = {}) => ({ userId, languageIds: [FRENCH], capacity: 3, acceptsWork: true, timeZone: "Europe/Paris", ...more });

describe("access", () => {
  it("answers 401 signed out and 403 to a client administrator, an evaluator and a candidate; nothing changes", async () => {
    const evaluator = await idOf("evaluator@parlance.example");
    const calls = (cookie?: string) => Promise.all([post("/list", { page: 1 }, cookie), get("options", cookie), get(String(evaluator), cookie), post("/save", profile(evaluator), cookie)]);
    for (const res of await calls()) expect(res.statusCode).toBe(401);
    for (const email of REFUSED) for (const res of await calls(cookies[email])) expect(res.statusCode, email).toBe(403);
    const langs = await t.ctx.db.select().from(evaluatorLanguages).where(eq(evaluatorLanguages.evaluatorUserId, evaluator));
    expect(langs.map((l) => l.languageId).sort()).toEqual([ENGLISH, SPANISH]);
  });

  it("lists evaluators with languages, load and capacity, by language too", async () => {
    for (const cookie of [admin(), executive()]) {
      const all = (await post("/list", { page: 1 }, cookie)).json();
      expect(all.itemCount).toBe(4);
      const jun = all.evaluators.find((e: { email: string }) => e.email === "evaluator@parlance.example");
      expect(jun).toMatchObject({ name: "Jun Takahashi", isActive: true, acceptsWork: true, capacity: null, timeZone: "America/New_York" });
      expect(jun.openTests).toBeGreaterThanOrEqual(4);
      expect(jun.languages.map((l: { id: number }) => l.id).sort()).toEqual([ENGLISH, SPANISH]);
      const mandarin = (await post("/list", { languageId: 100, page: 1 }, cookie)).json();
      expect(mandarin.evaluators.map((e: { email: string }) => e.email).sort()).toEqual(["evaluator.zh2@parlance.example", "evaluator.zh@parlance.example"]);
      expect((await post("/list", { q: "takahashi", page: 1 }, cookie)).json().itemCount).toBe(1);
    }
  });
});

describe("a new evaluator profile", () => {
  let userId: number;

  it("needs the Evaluator role; then it is made with languages, capacity and zone, and audited", async () => {
    const news = await idOf("news@parlance.example");
    const refused = await post("/save", profile(news), admin());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("Only a staff user who holds the Evaluator role can have an evaluator profile.");
    expect(await t.ctx.db.select().from(evaluators).where(eq(evaluators.userId, news))).toEqual([]);

    const created = await t.request({ method: "POST", url: "/api/backoffice/staff/edit", cookie: admin(), body: { firstName: "Rosa", lastName: "Ferrand", emailAddress: "rosa@parlance.example", roles: [Role.Evaluator] } });
    userId = created.json().id;
    const options = (await get("options", executive())).json();
    expect(options.withoutProfile).toEqual([{ id: userId, name: "Rosa Ferrand", email: "rosa@parlance.example" }]);
    expect(options.languages.find((l: { id: number }) => l.id === FRENCH)).toEqual({ id: FRENCH, name: "French" });

    const res = await post("/save", profile(userId, { languageIds: [FRENCH, SPANISH, FRENCH], capacity: "3" }), executive());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: userId, message: "The evaluator profile has been saved." });
    expect((await get(String(userId), admin())).json()).toMatchObject({
      id: userId,
      capacity: 3,
      acceptsWork: true,
      timeZone: "Europe/Paris",
      openTests: 0,
      languages: [
        { id: FRENCH, name: "French" },
        { id: SPANISH, name: "Spanish" },
      ],
    });
    expect((await get("options", admin())).json().withoutProfile).toEqual([]);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "backoffice.evaluator_create")).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ targetId: String(userId), details: { languageIds: [FRENCH, SPANISH], capacity: 3 } });
  });

  it("is edited: languages replaced, capacity cleared; the audit keeps what it was", async () => {
    const res = await post("/save", profile(userId, { languageIds: [ENGLISH], capacity: null, acceptsWork: false }), admin());
    expect(res.statusCode).toBe(200);
    expect((await get(String(userId), admin())).json()).toMatchObject({ capacity: null, acceptsWork: false, languages: [{ id: ENGLISH, name: "English" }] });
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "backoffice.evaluator_update")).orderBy(desc(auditLog.id));
    expect(entry.details).toMatchObject({ languageIds: [ENGLISH], capacity: null, before: { languageIds: [FRENCH, SPANISH], capacity: 3 } });
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const cases: [object, string][] = [
      [profile(userId, { languageIds: [] }), "Choose at least one language the evaluator scores."],
      [profile(userId, { languageIds: [999_999] }), "One of the languages is not in the catalogue."],
      [profile(userId, { languageIds: ["abc"] }), "One of the languages is not in the catalogue."],
      [profile(userId, { capacity: 0 }), "The capacity is empty (no limit) or a whole number from 1 to 500."],
      [profile(userId, { capacity: "ten" }), "The capacity is empty (no limit) or a whole number from 1 to 500."],
      [profile(userId, { capacity: 501 }), "The capacity is empty (no limit) or a whole number from 1 to 500."],
      [profile(userId, { timeZone: "Mars/Olympus" }), "The time zone must be an IANA zone such as America/New_York."],
      [profile(userId, { acceptsWork: "yes" }), "The field acceptsWork must be true or false."],
    ];
    for (const [body, message] of cases) {
      const res = await post("/save", body, admin());
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await get(String(userId), admin())).json()).toMatchObject({ capacity: null, acceptsWork: false, timeZone: "Europe/Paris", languages: [{ id: ENGLISH }] });
  });

  it("keeps client users and unknown ids out (404)", async () => {
    const client = await idOf("admin@northwind.example");
    expect((await post("/save", profile(client), admin())).statusCode).toBe(404);
    expect((await get(String(client), admin())).statusCode).toBe(404);
    expect((await get("999999", admin())).statusCode).toBe(404);
    expect((await get("abc", admin())).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(evaluators).where(eq(evaluators.userId, client))).toEqual([]);
  });
});

describe("capacity in routing", () => {
  it("routes no test to an evaluator at capacity, and does again when there is room", async () => {
    const jun = await idOf("evaluator@parlance.example");
    // Rosa (above) scores English too but takes no new work: Jun is English's only evaluator.
    const [{ open }] = await t.ctx.db
      .select({ open: count() })
      .from(scoringAssignments)
      .where(and(eq(scoringAssignments.evaluatorUserId, jun), isNull(scoringAssignments.completedAt)));
    expect(await pickEvaluator(t.ctx.db, ENGLISH)).toBe(jun);
    await post("/save", { userId: jun, languageIds: [ENGLISH, SPANISH], capacity: open, acceptsWork: true, timeZone: "America/New_York" }, executive());
    expect(await pickEvaluator(t.ctx.db, ENGLISH)).toBeNull();
    await post("/save", { userId: jun, languageIds: [ENGLISH, SPANISH], capacity: open + 1, acceptsWork: true, timeZone: "America/New_York" }, executive());
    expect(await pickEvaluator(t.ctx.db, ENGLISH)).toBe(jun);
  });
});
