import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { featureFlagMessages, type FeatureFlag } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS, type TestApp } from "../test/harness.js";
import { auditLog, featureFlagRules, featureFlags } from "../db/schema.js";
import { isFeatureEnabled, testFeatures } from "./feature-flags.js";

/** GET /api/feature_flags/get_rules, POST /api/feature_flags/delete_rule, and what the flags decide. */
let t: TestApp;
const cookies: Record<string, string> = {};
const EXECUTIVE = "executive@parlance.example";
const STAFF = [EXECUTIVE, "admin@parlance.example", "news@parlance.example", "evaluator@parlance.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of [...ROLE_EMAILS, ...STAFF]) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const rules = async (cookie = cookies[EXECUTIVE]) => {
  const res = await t.request({ method: "GET", url: "/api/feature_flags/get_rules", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { feature_flags: FeatureFlag[] }).feature_flags;
};
const deleteRule = (body: unknown, cookie = cookies[EXECUTIVE]) => t.request({ method: "POST", url: "/api/feature_flags/delete_rule", cookie, body });
const testId = (key: string) => t.ids.catalogue.tests[key];

describe("who reaches the feature flags", () => {
  it("is the Testing Executive only: every other role 403, signed out 401", async () => {
    for (const email of [...ROLE_EMAILS, ...STAFF.filter((e) => e !== EXECUTIVE)]) {
      expect((await t.request({ method: "GET", url: "/api/feature_flags/get_rules", cookie: cookies[email] })).statusCode, email).toBe(403);
      expect((await deleteRule({ feature_flag_rule_id: 1 }, cookies[email])).statusCode, email).toBe(403);
    }
    expect((await t.request({ method: "GET", url: "/api/feature_flags/get_rules" })).statusCode).toBe(401);
    expect((await deleteRule({ feature_flag_rule_id: 1 }, "")).statusCode).toBe(401);
  });
});

describe("the flags and their rules", () => {
  it("lists web_call and video with the demo rules, highest weight first", async () => {
    const flags = await rules();
    expect(flags.map((f) => f.name)).toEqual(["video", "web_call"]);
    const webCall = flags.find((f) => f.name === "web_call")!;
    expect(webCall.on_by_default).toBe(true);
    expect(webCall.rules).toEqual([
      expect.objectContaining({ weight: 10, permits: false, rule_type: "Test", test_description: "Arabic Listening and Speaking (Phone)", test_type_description: null, test_type: null }),
      expect.objectContaining({ weight: 1, permits: true, rule_type: "Test Type", test_description: null, test_type_description: "Listening and Speaking", test_type: "listening_speaking" }),
    ]);
    expect(flags.find((f) => f.name === "video")!.rules).toEqual([expect.objectContaining({ rule_type: "Test", permits: false, test_description: "Medical Mandarin Listening and Speaking (Video)" })]);
  });

  it("decide: a matching Test rule of higher weight beats the Test Type rule; no rule leaves the default", async () => {
    const db = t.ctx.db;
    expect(await isFeatureEnabled(db, "web_call", { testId: testId("ar-ls-ivr") })).toBe(false);
    expect(await isFeatureEnabled(db, "web_call", { testId: testId("es-ls-ivr") })).toBe(true);
    expect(await testFeatures(db, { testId: testId("med-cmn-ls-video") })).toEqual({ webCall: true, video: false });
    expect(await testFeatures(db, { testId: testId("cmn-ls-video") })).toEqual({ webCall: true, video: true });
    // A heavier Test Type rule that does not permit now wins over the Arabic test's own rule and the lighter one.
    const [flag] = await db.select().from(featureFlags).where(eq(featureFlags.name, "web_call"));
    const [heavy] = await db.insert(featureFlagRules).values({ featureFlagId: flag.id, weight: 50, permits: false, ruleType: "test_type", testType: "listening_speaking" }).returning();
    try {
      expect(await isFeatureEnabled(db, "web_call", { testId: testId("es-ls-ivr") })).toBe(false);
      // At equal weight a Test rule beats a Test Type rule.
      const [exact] = await db.insert(featureFlagRules).values({ featureFlagId: flag.id, weight: 50, permits: true, ruleType: "test", testId: testId("es-ls-ivr") }).returning();
      expect(await isFeatureEnabled(db, "web_call", { testId: testId("es-ls-ivr") })).toBe(true);
      expect(await isFeatureEnabled(db, "web_call", { testId: testId("ar-ls-ivr") })).toBe(false);
      await db.delete(featureFlagRules).where(eq(featureFlagRules.id, exact.id));
    } finally {
      await db.delete(featureFlagRules).where(eq(featureFlagRules.id, heavy.id));
    }
    // A flag turned off by default is off where no rule permits it; the test type given is used as is.
    await db.update(featureFlags).set({ onByDefault: false }).where(eq(featureFlags.name, "video"));
    try {
      expect(await isFeatureEnabled(db, "video", { testId: testId("cmn-ls-video") })).toBe(false);
      expect(await isFeatureEnabled(db, "web_call", { testId: testId("es-ls-ivr"), testType: "reading" })).toBe(true);
    } finally {
      await db.update(featureFlags).set({ onByDefault: true }).where(eq(featureFlags.name, "video"));
    }
  });
});

describe("POST /api/feature_flags/delete_rule", () => {
  it("answers bad input with 400 and deletes nothing", async () => {
    const before = (await rules()).flatMap((f) => f.rules).length;
    for (const body of [{}, { feature_flag_rule_id: "x" }, { feature_flag_rule_id: 0 }, { feature_flag_rule_id: -3 }, { feature_flag_rule_id: 2 ** 40 }, null, []]) {
      expect((await deleteRule(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await rules()).flatMap((f) => f.rules)).toHaveLength(before);
  });

  it("answers a rule that is not there with 404 and the spec's words", async () => {
    const res = await deleteRule({ feature_flag_rule_id: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: featureFlagMessages.notDeleted, messageKey: "admin.flags.notDeleted" });
  });

  it("deletes a rule, audited, after which the flag decides without it", async () => {
    const arabic = (await rules()).find((f) => f.name === "web_call")!.rules.find((r) => r.rule_type === "Test")!;
    const res = await deleteRule({ feature_flag_rule_id: arabic.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: featureFlagMessages.deleted });
    expect((await rules()).flatMap((f) => f.rules).map((r) => r.id)).not.toContain(arabic.id);
    expect(await isFeatureEnabled(t.ctx.db, "web_call", { testId: testId("ar-ls-ivr") })).toBe(true);
    const [row] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "feature_flags.delete_rule"), eq(auditLog.targetId, String(arabic.id))));
    expect(row).toMatchObject({ actorUserId: t.ids.users[EXECUTIVE], targetType: "feature_flag_rule" });
    expect(row.details).toMatchObject({ ruleType: "test", permits: false, weight: 10 });
    // Deleting it again: it is gone.
    expect((await deleteRule({ feature_flag_rule_id: arabic.id })).statusCode).toBe(404);
  });
});

describe("POST /api/feature_flags/add_rule (ours)", () => {
  const addRule = (body: unknown, cookie = cookies[EXECUTIVE]) => t.request({ method: "POST", url: "/api/feature_flags/add_rule", cookie, body });
  const flagId = async (name: string) => (await rules()).find((f) => f.name === name)!.id;

  it("is the Testing Executive's only, like the rest of the page", async () => {
    const body = { feature_flag_id: await flagId("web_call"), weight: 5, permits: false, rule_type: "Test Type", test_type: "reading" };
    for (const email of [...ROLE_EMAILS, ...STAFF.filter((e) => e !== EXECUTIVE)]) {
      expect((await addRule(body, cookies[email])).statusCode, email).toBe(403);
      expect((await t.request({ method: "GET", url: "/api/feature_flags/rule_options", cookie: cookies[email] })).statusCode, email).toBe(403);
    }
    expect((await addRule(body, "")).statusCode).toBe(401);
  });

  it("refuses bad input with 400, a missing flag with 404, an unknown test with 422, and adds nothing", async () => {
    const web = await flagId("web_call");
    const before = (await rules()).flatMap((f) => f.rules).length;
    const bad = [
      {},
      { feature_flag_id: web, weight: 1, permits: true, rule_type: "Test" },
      { feature_flag_id: web, weight: 1, permits: true, rule_type: "Test Type", test_type: "cooking" },
      { feature_flag_id: web, weight: 1, permits: true, rule_type: "Test Type", test_type: "reading", test_id: testId("es-ls-ivr") },
      { feature_flag_id: web, weight: 5000, permits: true, rule_type: "Test Type", test_type: "reading" },
      { feature_flag_id: web, weight: 1, permits: "yes", rule_type: "Test Type", test_type: "reading" },
      { feature_flag_id: web, weight: 1, permits: true, rule_type: "Everything", test_type: "reading" },
      null,
    ];
    for (const body of bad) expect((await addRule(body)).statusCode, JSON.stringify(body)).toBe(400);
    const missing = await addRule({ feature_flag_id: 999_999, weight: 1, permits: true, rule_type: "Test Type", test_type: "reading" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(featureFlagMessages.flagNotFound);
    const unknownTest = await addRule({ feature_flag_id: web, weight: 1, permits: true, rule_type: "Test", test_id: 999_999 });
    expect(unknownTest.statusCode).toBe(422);
    expect(unknownTest.json().message).toBe(featureFlagMessages.testNotFound);
    expect((await rules()).flatMap((f) => f.rules)).toHaveLength(before);
  });

  it("adds a rule, audited, which then decides for that test", async () => {
    const options = await t.request({ method: "GET", url: "/api/feature_flags/rule_options", cookie: cookies[EXECUTIVE] });
    expect(options.statusCode).toBe(200);
    const spanish = (options.json().tests as { id: number; description: string }[]).find((x) => x.id === testId("es-ls-ivr"));
    expect(spanish?.description).toBeTruthy();
    expect(await isFeatureEnabled(t.ctx.db, "web_call", { testId: testId("es-ls-ivr") })).toBe(true);
    const res = await addRule({ feature_flag_id: await flagId("web_call"), weight: 20, permits: false, rule_type: "Test", test_id: testId("es-ls-ivr") });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().feature_flag_rule_id as number;
    expect(res.json()).toEqual({ success: true, message: featureFlagMessages.added, feature_flag_rule_id: id });
    expect(await isFeatureEnabled(t.ctx.db, "web_call", { testId: testId("es-ls-ivr") })).toBe(false);
    const listed = (await rules()).find((f) => f.name === "web_call")!.rules[0];
    expect(listed).toMatchObject({ id, weight: 20, permits: false, rule_type: "Test", test_description: spanish!.description });
    const [row] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "feature_flags.add_rule"), eq(auditLog.targetId, String(id))));
    expect(row).toMatchObject({ actorUserId: t.ids.users[EXECUTIVE], targetType: "feature_flag_rule" });
    expect((await deleteRule({ feature_flag_rule_id: id })).statusCode).toBe(200);
  });
});
