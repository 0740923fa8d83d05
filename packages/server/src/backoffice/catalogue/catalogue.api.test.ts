import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, desc, eq, like } from "drizzle-orm";
import { accountTests, auditLog, testContentVersions, tests } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { BACK_OFFICE_EMAILS, REFUSED_EMAILS, catalogueApi, createTest, newTestForm, signInAll } from "./test-fixtures.js";

/** The back office's test catalogue: who may use it, the list, the form's rules, and which accounts may assign at which price. */
let t: TestApp;
let api: ReturnType<typeof catalogueApi>;
let cookies: Record<string, string>;
const admin = () => cookies["admin@parlance.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = catalogueApi(t);
  cookies = await signInAll(t);
});
afterAll(() => t?.close());

const testCount = async () => (await t.ctx.db.select({ n: count() }).from(tests))[0].n;
const lastAudit = async (action: string) => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
/** The tests Northwind's administrator is offered when assigning to the demo candidate. */
const offeredToNorthwind = async () => {
  const res = await t.request({ method: "GET", url: `/api/test_assignment/available_tests/${t.ids.history.demoCandidate.northwind}`, cookie: cookies["admin@northwind.example"] });
  expect(res.statusCode).toBe(200);
  return (res.json() as { label: string; kind: string }[]).filter((o) => o.kind === "test").map((o) => o.label);
};

/** Every route once, with harmless input (on the demo's first test and its first account test). */
async function everyRoute(cookie?: string) {
  const reading = t.ids.catalogue.tests["en-reading"];
  const accountTest = t.ids.catalogue.accountTests[t.ids.accounts.northwind]["en-reading"];
  return [
    await api.list({ page: 1 }, cookie),
    await api.languages(cookie),
    await api.get(reading, cookie),
    await api.edit(newTestForm(), cookie),
    await api.edit({ ...newTestForm(), id: reading }, cookie),
    await api.accounts(reading, cookie),
    await api.choices(reading, "", cookie),
    await api.allow(reading, { account_id: t.ids.accounts.contoso, fee_cents: 100, short_notice_fee_cents: 200 }, cookie),
    await api.price(accountTest, { fee_cents: 1, short_notice_fee_cents: 2 }, cookie),
    await api.remove(accountTest, cookie),
  ];
}

describe("who may use it", () => {
  it("answers 401 to a visitor who is not signed in, on every route", async () => {
    for (const res of await everyRoute()) expect(res.statusCode).toBe(401);
  });

  for (const email of REFUSED_EMAILS) {
    it(`refuses ${email} (403) on every route, and nothing changes`, async () => {
      const before = await testCount();
      for (const res of await everyRoute(cookies[email])) expect(res.statusCode, res.body).toBe(403);
      expect(await testCount()).toBe(before);
      expect(await offeredToNorthwind()).toContain("English Reading Proficiency");
    });
  }

  for (const email of BACK_OFFICE_EMAILS) {
    it(`lets ${email} read the catalogue and the languages`, async () => {
      const list = await api.list({ page: 1 }, cookies[email]);
      expect(list.statusCode).toBe(200);
      expect(list.json().tests.map((x: { description: string }) => x.description)).toContain("English Reading Proficiency");
      const languages = (await api.languages(cookies[email])).json().languages;
      expect(languages).toContainEqual({ id: 140, code: "en", name: "English" });
    });
  }
});

describe("the list", () => {
  it("shows each test with its language, method, times, content versions and accounts, 20 a page by name", async () => {
    const body = (await api.list({ page: 1 }, admin())).json();
    const reading = body.tests.find((x: { content_key: string }) => x.content_key === "en-reading");
    expect(reading).toMatchObject({
      description: "English Reading Proficiency",
      language: { id: 140, code: "en", name: "English" },
      method: "online",
      duration_minutes: 60,
      time_limit_minutes: 60,
      test_type: "reading",
      is_active: true,
    });
    expect(reading.content_versions).toBeGreaterThanOrEqual(1);
    // Northwind, Contoso and Fabrikam (the prepay account) offer it.
    expect(reading.accounts).toBeGreaterThanOrEqual(2);
    const names = body.tests.map((x: { description: string }) => x.description.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en")));
    expect(body.itemCount).toBe(await testCount());
    expect(body.pageCount).toBe(Math.ceil(body.itemCount / 20));
  });

  it("pages, searches by words of the name or the content key, and filters active or retired", async () => {
    for (let i = 0; i < 2; i++) await createTest(t, admin());
    const all = (await api.list({ page: 1 }, admin())).json();
    expect(all.itemCount).toBeGreaterThan(20);
    const second = (await api.list({ page: 2 }, admin())).json();
    expect(second.tests.length).toBe(all.itemCount - 20);
    expect((await api.list({ query: "spanish live", page: 1 }, admin())).json().tests.map((x: { description: string }) => x.description)).toEqual([
      "Medical Spanish Listening and Speaking (Live)",
      "Spanish Listening and Speaking (Live)",
    ]);
    expect((await api.list({ query: "cmn-ls", page: 1 }, admin())).json().tests.map((x: { content_key: string }) => x.content_key)).toEqual(["cmn-ls-video"]);
    // LIKE's wildcards are plain characters in a search.
    expect((await api.list({ query: "%", page: 1 }, admin())).json().itemCount).toBe(0);
    const { id } = await createTest(t, admin(), { is_active: false });
    const retired = (await api.list({ status: "retired", page: 1 }, admin())).json();
    expect(retired.tests.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await api.list({ status: "active", page: 1 }, admin())).json().itemCount).toBe(all.itemCount);
  });

  it("refuses a bad page, status or search (400)", async () => {
    for (const body of [{ page: 0 }, { page: "x" }, { status: "gone" }, { query: "x".repeat(101) }, { query: 5 }]) {
      const res = await api.list(body, admin());
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/^[A-Z]/);
    }
  });
});

describe("creating and changing a test", () => {
  it("creates a test as the form gives it, audited, and changes it (audited with what changed)", async () => {
    const exec = cookies["executive@parlance.example"];
    const form = newTestForm({ method: "ivr", duration_minutes: 30, time_limit_minutes: null, test_type: "listening_speaking", language_id: 150 });
    const created = await api.edit(form, exec);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: "The test has been saved." });
    const id = created.json().id;
    expect((await api.get(id, exec)).json()).toMatchObject({
      id,
      description: form.description,
      language: { id: 150, name: "Spanish" },
      method: "ivr",
      duration_minutes: 30,
      time_limit_minutes: null,
      test_type: "listening_speaking",
      content_key: form.content_key,
      content_versions: 0,
      accounts: 0,
      can_change_content_key: true,
    });
    const audited = await lastAudit("backoffice.tests.create");
    expect(audited).toMatchObject({ actorUserId: t.ids.users["executive@parlance.example"], targetType: "test", targetId: String(id) });

    const changed = await api.edit({ ...form, id, description: `${form.description} v2`, time_limit_minutes: 20, is_active: false, content_key: "" }, exec);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api.get(id, exec)).json()).toMatchObject({ description: `${form.description} v2`, time_limit_minutes: 20, is_active: false, content_key: null });
    expect((await lastAudit("backoffice.tests.edit")).details).toEqual({
      changes: {
        description: [form.description, `${form.description} v2`],
        timeLimitMinutes: [null, 20],
        isActive: [true, false],
        contentKey: [form.content_key, null],
      },
    });
  });

  it("refuses bad input with a readable message (400), and nothing is stored", async () => {
    const before = await testCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ description: "  " }, "A required field is missing."],
      [{ description: "x".repeat(201) }, "The test name must be at most 200 characters."],
      [{ language_id: 99999 }, "Choose a language of the catalogue."],
      [{ language_id: "english" }, "Choose a language of the catalogue."],
      [{ method: "fax" }, "Choose how the test is taken: online, paper, IVR, live or video."],
      [{ duration_minutes: 45 }, "The duration must be 30, 60 or 120 minutes."],
      [{ time_limit_minutes: 0 }, "The time limit must be a whole number of minutes from 1 to 480, or none."],
      [{ time_limit_minutes: 12.5 }, "The time limit must be a whole number of minutes from 1 to 480, or none."],
      [{ test_type: "singing" }, "Choose the type of the test."],
      [{ is_active: "yes" }, "The field is_active must be true or false."],
      [{ content_key: "Has Spaces" }, "The content key is lowercase letters, digits and dashes (at most 64 characters)."],
      [{ id: -3 }, "The test id must be a positive whole number."],
    ];
    for (const [change, message] of bad) {
      const res = await api.edit({ ...newTestForm(), ...change }, admin());
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await testCount()).toBe(before);
  });

  it("keeps names unique within a language and content keys unique (409), and a test that does not exist is 404", async () => {
    const { id, form } = await createTest(t, admin());
    const sameName = await api.edit({ ...newTestForm(), description: form.description.toUpperCase() }, admin());
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ message: "Another test of this language has this name.", messageKey: "boCatalogue.messages.nameTaken" });
    // The same name in another language is another test.
    expect((await api.edit({ ...newTestForm(), description: form.description, language_id: 150 }, admin())).statusCode).toBe(200);
    const sameKey = await api.edit({ ...newTestForm(), content_key: "en-reading" }, admin());
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.json().message).toBe("Another test has this content key.");
    expect((await api.get(id + 100000, admin())).statusCode).toBe(404);
    expect((await api.edit({ ...form, id: id + 100000 }, admin())).statusCode).toBe(404);
    expect((await api.get("abc", admin())).statusCode).toBe(400);
  });

  it("fixes the content key once content has been published (422), and the test keeps its key", async () => {
    const { id, form } = await createTest(t, admin());
    const [demo] = await t.ctx.db.select().from(testContentVersions).where(eq(testContentVersions.testId, t.ids.catalogue.tests["en-reading"])).limit(1);
    await t.ctx.db.insert(testContentVersions).values({ testId: id, contentHash: "x", content: demo.content, media: [] });
    expect((await api.get(id, admin())).json()).toMatchObject({ content_versions: 1, can_change_content_key: false });
    const res = await api.edit({ ...form, id, content_key: "another-key" }, admin());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("The content key cannot change once content has been published for the test.");
    expect((await api.get(id, admin())).json().content_key).toBe(form.content_key);
    // Everything else may still change.
    expect((await api.edit({ ...form, id, duration_minutes: 120 }, admin())).statusCode).toBe(200);
  });
});

describe("which accounts may assign a test, at which price", () => {
  it("allows Northwind at a price: Northwind's administrator is offered it; a new price, removal and allowing again, each audited", async () => {
    const exec = cookies["executive@parlance.example"];
    const { id, form } = await createTest(t, admin());
    expect(await offeredToNorthwind()).not.toContain(form.description);
    const choices = (await api.choices(id, "north", exec)).json().accounts;
    expect(choices).toEqual([{ id: t.ids.accounts.northwind, name: "Northwind Health" }]);

    const added = await api.allow(id, { account_id: t.ids.accounts.northwind, fee_cents: 4150, short_notice_fee_cents: 4900 }, exec);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ success: true, message: "The account may now assign this test." });
    const accountTestId = added.json().id;
    expect((await api.accounts(id, exec)).json().account_tests).toEqual([
      { id: accountTestId, account_id: t.ids.accounts.northwind, account_name: "Northwind Health", fee_cents: 4150, short_notice_fee_cents: 4900 },
    ]);
    expect(await offeredToNorthwind()).toContain(form.description);
    expect((await api.choices(id, "north", exec)).json().accounts).toEqual([]);
    expect((await lastAudit("backoffice.account_tests.add")).details).toMatchObject({ testId: id, accountId: t.ids.accounts.northwind, feeCents: 4150, shortNoticeFeeCents: 4900 });

    const again = await api.allow(id, { account_id: t.ids.accounts.northwind, fee_cents: 1, short_notice_fee_cents: 1 }, exec);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This account may already assign this test.");

    expect((await api.price(accountTestId, { fee_cents: 3999, short_notice_fee_cents: 3999 }, exec)).json()).toMatchObject({ success: true, message: "The price has been saved." });
    const [row] = await t.ctx.db.select().from(accountTests).where(eq(accountTests.id, accountTestId));
    expect(row).toMatchObject({ feeCents: 3999, shortNoticeFeeCents: 3999, isActive: true });
    expect((await lastAudit("backoffice.account_tests.price")).details).toMatchObject({ before: { feeCents: 4150 }, after: { feeCents: 3999 } });

    expect((await api.remove(accountTestId, exec)).json()).toMatchObject({ success: true, message: "The account may no longer assign this test." });
    expect(await offeredToNorthwind()).not.toContain(form.description);
    expect((await api.accounts(id, exec)).json().account_tests).toEqual([]);
    expect((await lastAudit("backoffice.account_tests.remove")).targetId).toBe(String(accountTestId));
    // A removed row is gone for price changes and removal.
    expect((await api.price(accountTestId, { fee_cents: 1, short_notice_fee_cents: 1 }, exec)).statusCode).toBe(404);
    expect((await api.remove(accountTestId, exec)).statusCode).toBe(404);

    // Allowed again: the same row, active, at the new prices.
    const back = await api.allow(id, { account_id: t.ids.accounts.northwind, fee_cents: 2500, short_notice_fee_cents: 3000 }, exec);
    expect(back.json().id).toBe(accountTestId);
    expect(await offeredToNorthwind()).toContain(form.description);

    // A retired test is offered to no one.
    await api.edit({ ...form, id, is_active: false }, exec);
    expect(await offeredToNorthwind()).not.toContain(form.description);
  });

  it("refuses bad prices and unknown accounts (400, 404), and nothing changes", async () => {
    const { id } = await createTest(t, admin());
    const bad: [Record<string, unknown>, string][] = [
      [{ fee_cents: -1, short_notice_fee_cents: 100 }, "A price must be a whole number of cents from 0 to 10000000."],
      [{ fee_cents: 12.5, short_notice_fee_cents: 100 }, "A price must be a whole number of cents from 0 to 10000000."],
      [{ fee_cents: "15.00", short_notice_fee_cents: 100 }, "A price must be a whole number of cents from 0 to 10000000."],
      [{ fee_cents: 10_000_001, short_notice_fee_cents: 10_000_001 }, "A price must be a whole number of cents from 0 to 10000000."],
      [{ fee_cents: 2000, short_notice_fee_cents: 1500 }, "The short-notice price must not be lower than the price."],
      [{ fee_cents: 100, short_notice_fee_cents: 100, account_id: "x" }, "The account id must be a positive whole number."],
    ];
    for (const [body, message] of bad) {
      const res = await api.allow(id, { account_id: t.ids.accounts.northwind, ...body }, admin());
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await api.allow(id, { account_id: 99999, fee_cents: 100, short_notice_fee_cents: 100 }, admin())).statusCode).toBe(404);
    expect((await api.allow(id + 100000, { account_id: t.ids.accounts.northwind, fee_cents: 100, short_notice_fee_cents: 100 }, admin())).statusCode).toBe(404);
    expect((await api.accounts(id, admin())).json().account_tests).toEqual([]);

    const demoRow = t.ids.catalogue.accountTests[t.ids.accounts.northwind]["en-reading"];
    const [before] = await t.ctx.db.select().from(accountTests).where(eq(accountTests.id, demoRow));
    expect((await api.price(demoRow, { fee_cents: 5000, short_notice_fee_cents: 10 }, admin())).statusCode).toBe(400);
    expect((await api.price(demoRow, { fee_cents: -5 }, admin())).statusCode).toBe(400);
    const [after] = await t.ctx.db.select().from(accountTests).where(eq(accountTests.id, demoRow));
    expect(after).toEqual(before);
    expect((await t.ctx.db.select({ n: count() }).from(auditLog).where(and(like(auditLog.action, "backoffice.account_tests.%"), eq(auditLog.targetId, String(demoRow)))))[0].n).toBe(0);
  });
});
