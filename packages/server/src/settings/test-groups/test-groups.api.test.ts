import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ROLE_EMAILS as EMAILS, type TestApp } from "../../test/harness.js";
import { accountTests, auditLog, testGroups, testGroupTests } from "../../db/schema.js";

/** /api/testpackages/*: test groups at account and office level, global groups, and their rules. */
let t: TestApp;
let boston: number;
let chicago: number;
let contosoHq: number;
let nw: Record<string, number>;
let contosoTests: Record<string, number>;
const cookies: Record<string, string> = {};

const admin = () => cookies["admin@northwind.example"];
const officeAdmin = () => cookies["office.admin@northwind.example"];
const contoso = () => cookies["admin@contoso.example"];

const list = (body: object, cookie?: string) => t.request({ method: "POST", url: "/api/testpackages/list", cookie, body });
const get = (id: number, cookie?: string) => t.request({ method: "GET", url: `/api/testpackages/${id}`, cookie });
const edit = (body: object, cookie?: string) => t.request({ method: "POST", url: "/api/testpackages/edit", cookie, body });
const del = (id: number, cookie?: string) => t.request({ method: "POST", url: "/api/testpackages/delete", cookie, body: { id } });

async function create(body: object, cookie = admin()): Promise<number> {
  const res = await edit(body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
const groupCount = async () => (await t.ctx.db.select({ id: testGroups.id }).from(testGroups)).length;
const groupRow = async (id: number) => (await t.ctx.db.select().from(testGroups).where(eq(testGroups.id, id)))[0];
const groupTests = async (id: number) =>
  (await t.ctx.db.select().from(testGroupTests).where(eq(testGroupTests.groupId, id)).orderBy(testGroupTests.position)).map((r) => r.accountTestId);

/** Fixtures: an account-level group, a global one, one in Boston and one in Chicago. */
let accountGroup: number;
let globalGroup: number;
let bostonGroup: number;
let chicagoGroup: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  [boston, chicago] = t.ids.offices.northwind;
  [contosoHq] = t.ids.offices.contoso;
  nw = t.ids.catalogue.accountTests[t.ids.accounts.northwind];
  contosoTests = t.ids.catalogue.accountTests[t.ids.accounts.contoso];
  for (const email of EMAILS) cookies[email] = await t.signIn(email);
  accountGroup = await create({ description: "Account Reading", tests: [nw["en-reading"]] });
  globalGroup = await create({ description: "Global Spanish", isGlobal: true, tests: [nw["es-ls-ivr"], nw["es-reading-paper"]] });
  bostonGroup = await create({ officeId: boston, description: "Boston Writing", tests: [nw["en-writing"]] });
  chicagoGroup = await create({ officeId: chicago, description: "Chicago Listening", tests: [nw["en-listening"]] });
});
afterAll(() => t?.close());

describe("signed out", () => {
  it("answers 401 on every route", async () => {
    for (const res of [await list({}), await get(accountGroup), await edit({ description: "X", tests: [nw["en-reading"]] }), await del(accountGroup)]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("client roles without test group management", () => {
  for (const email of ["user@northwind.example", "office.user@northwind.example", "candidate@northwind.example"]) {
    it(`${email} gets 403 on every route, and nothing changes`, async () => {
      const c = cookies[email];
      const before = await groupCount();
      for (const res of [
        await list({}, c),
        await list({ officeId: boston }, c),
        await get(bostonGroup, c),
        await edit({ officeId: boston, description: "Mine", tests: [nw["en-reading"]] }, c),
        await edit({ id: bostonGroup, officeId: boston, description: "Mine", tests: [nw["en-reading"]] }, c),
        await del(bostonGroup, c),
      ]) {
        expect(res.statusCode).toBe(403);
      }
      expect(await groupCount()).toBe(before);
      expect((await groupRow(bostonGroup)).description).toBe("Boston Writing");
    });
  }
});

describe("account administrator", () => {
  it("lists account-level groups with their tests, the account's tests and the global option", async () => {
    const res = await list({}, admin());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.groups.map((g: { id: number }) => g.id);
    // By description; office groups belong to the office lists.
    expect(ids.indexOf(accountGroup)).toBeLessThan(ids.indexOf(globalGroup));
    expect(ids).not.toContain(bostonGroup);
    expect(ids).not.toContain(chicagoGroup);
    expect(body.groups.find((g: { id: number }) => g.id === globalGroup)).toEqual({
      id: globalGroup,
      description: "Global Spanish",
      tests: [nw["es-ls-ivr"], nw["es-reading-paper"]],
      accountTests: [
        { id: nw["es-ls-ivr"], description: "Spanish Listening and Speaking (Phone)" },
        { id: nw["es-reading-paper"], description: "Spanish Reading (Paper)" },
      ],
      isGlobal: true,
      officeId: null,
      canEdit: true,
    });
    expect(body).toMatchObject({ itemCount: ids.length, pageCount: 1, canSetGlobal: true });
    // Every active test of the account (the medical ones with the medical option), never Contoso's ids.
    expect(body.accountTests).toContainEqual({ id: nw["en-reading"], description: "English Reading Proficiency" });
    expect(body.accountTests).toHaveLength(Object.keys(nw).length);
  });

  it("lists an office's groups with the account's global groups, without the global option", async () => {
    const body = (await list({ officeId: boston }, admin())).json();
    const ids = body.groups.map((g: { id: number }) => g.id);
    expect(ids).toEqual(expect.arrayContaining([bostonGroup, globalGroup]));
    expect(ids).not.toContain(accountGroup);
    expect(ids).not.toContain(chicagoGroup);
    expect(body.canSetGlobal).toBe(false);
    const chicagoIds = (await list({ officeId: chicago }, admin())).json().groups.map((g: { id: number }) => g.id);
    expect(chicagoIds).toEqual(expect.arrayContaining([chicagoGroup, globalGroup]));
    expect(chicagoIds).not.toContain(bostonGroup);
  });

  it("edits a group: description, tests in the chosen order, global flag", async () => {
    const id = await create({ description: "Draft", tests: [nw["en-reading"]] });
    const res = await edit({ id, description: "Final", isGlobal: true, tests: [nw["ar-reading"], nw["en-reading"], nw["ar-reading"]] }, admin());
    expect(res.json()).toEqual({ success: true, id, message: "The test group has been saved." });
    expect(await groupRow(id)).toMatchObject({ description: "Final", isGlobal: true, officeId: null });
    expect(await groupTests(id)).toEqual([nw["ar-reading"], nw["en-reading"]]);
    const detail = (await get(id, admin())).json();
    expect(detail).toMatchObject({ id, description: "Final", tests: [nw["ar-reading"], nw["en-reading"]], canEdit: true, canSetGlobal: true });
    expect(detail.availableTests).toHaveLength(Object.keys(nw).length);
    // Without isGlobal the saved value stays.
    await edit({ id, description: "Final", tests: [nw["ar-reading"]] }, admin());
    expect((await groupRow(id)).isGlobal).toBe(true);
  });

  it("keeps a retired test the group already holds, but offers no other retired test", async () => {
    const id = await create({ description: "Retiring", tests: [nw["vi-ls-live"]] });
    await t.ctx.db.update(accountTests).set({ isActive: false }).where(eq(accountTests.id, nw["vi-ls-live"]));
    try {
      expect((await list({}, admin())).json().accountTests.map((x: { id: number }) => x.id)).not.toContain(nw["vi-ls-live"]);
      expect((await get(id, admin())).json().availableTests.map((x: { id: number }) => x.id)).toContain(nw["vi-ls-live"]);
      expect((await edit({ id, description: "Retiring", tests: [nw["vi-ls-live"], nw["en-reading"]] }, admin())).statusCode).toBe(200);
      const other = await edit({ description: "New", tests: [nw["vi-ls-live"]] }, admin());
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe("Choose the tests from the account's tests.");
    } finally {
      await t.ctx.db.update(accountTests).set({ isActive: true }).where(eq(accountTests.id, nw["vi-ls-live"]));
    }
  });

  it("refuses a global group at office level (400), and nothing changes", async () => {
    const before = await groupCount();
    const res = await edit({ officeId: boston, description: "Everywhere", isGlobal: true, tests: [nw["en-reading"]] }, admin());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Only account-level test groups and result recipients can be global.",
      messageKey: "settingsLists.packages.messages.globalOnlyAtAccountLevel",
    });
    expect(await groupCount()).toBe(before);
  });

  it("does not move a group to another level through edit (404)", async () => {
    const res = await edit({ id: chicagoGroup, officeId: boston, description: "Moved", tests: [nw["en-reading"]] }, admin());
    expect(res.statusCode).toBe(404);
    expect(await groupRow(chicagoGroup)).toMatchObject({ officeId: chicago, description: "Chicago Listening" });
  });
});

describe("bad input: 400 with the message, and nothing changes", () => {
  const cases: [string, () => object, string][] = [
    ["no description", () => ({ tests: [nw["en-reading"]] }), "A required field is missing."],
    ["a blank description", () => ({ description: "  ", tests: [nw["en-reading"]] }), "A required field is missing."],
    ["no tests", () => ({ description: "Empty" }), "A required field is missing."],
    ["an empty test list", () => ({ description: "Empty", tests: [] }), "A required field is missing."],
    ["a description over 50", () => ({ description: "x".repeat(51), tests: [nw["en-reading"]] }), "Description must be at most 50 characters."],
    ["a test id that is not one", () => ({ description: "Bad", tests: ["abc"] }), "Each test must be the id of one of the account's tests."],
    ["another account's test", () => ({ description: "Theirs", tests: [contosoTests["en-reading"]] }), "Choose the tests from the account's tests."],
    ["a test that does not exist", () => ({ description: "None", tests: [999999] }), "Choose the tests from the account's tests."],
    ["a global flag that is not a boolean", () => ({ description: "G", isGlobal: "yes", tests: [nw["en-reading"]] }), "The field isGlobal must be true or false."],
    ["a bad id", () => ({ id: -1, description: "G", tests: [nw["en-reading"]] }), "The test group id must be a positive whole number."],
  ];
  for (const [label, body, message] of cases) {
    it(label, async () => {
      const before = await groupCount();
      const res = await edit(body(), admin());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await groupCount()).toBe(before);
    });
  }

  it("a bad update leaves the group as it was", async () => {
    const res = await edit({ id: bostonGroup, officeId: boston, description: "", tests: [nw["ar-reading"]] }, admin());
    expect(res.statusCode).toBe(400);
    expect(await groupRow(bostonGroup)).toMatchObject({ description: "Boston Writing" });
    expect(await groupTests(bostonGroup)).toEqual([nw["en-writing"]]);
    const foreign = await edit({ id: bostonGroup, officeId: boston, description: "Taken", tests: [contosoTests["ar-reading"]] }, admin());
    expect(foreign.statusCode).toBe(400);
    expect(await groupTests(bostonGroup)).toEqual([nw["en-writing"]]);
  });
});

describe("office administrator", () => {
  it("sees their office's groups and the global ones, and may change only their own", async () => {
    const body = (await list({ officeId: boston }, officeAdmin())).json();
    expect(body.canSetGlobal).toBe(false);
    const byId = new Map(body.groups.map((g: { id: number; canEdit: boolean }) => [g.id, g.canEdit]));
    expect(byId.get(bostonGroup)).toBe(true);
    expect(byId.get(globalGroup)).toBe(false);
    expect(byId.has(accountGroup)).toBe(false);
    expect(byId.has(chicagoGroup)).toBe(false);
    expect((await get(globalGroup, officeAdmin())).json()).toMatchObject({ canEdit: false, canSetGlobal: false });

    const id = await create({ officeId: boston, description: "Boston Arabic", tests: [nw["ar-reading"]] }, officeAdmin());
    expect(await groupRow(id)).toMatchObject({ officeId: boston, isGlobal: false, accountId: t.ids.accounts.northwind });
    expect((await edit({ id, officeId: boston, description: "Boston Arabic 2", isGlobal: false, tests: [nw["ar-reading"]] }, officeAdmin())).statusCode).toBe(200);
    expect((await del(id, officeAdmin())).statusCode).toBe(200);
  });

  it("may not mark a group global (403), and nothing changes", async () => {
    const before = await groupCount();
    const res = await edit({ officeId: boston, description: "Sneaky", isGlobal: true, tests: [nw["en-reading"]] }, officeAdmin());
    expect(res.statusCode).toBe(403);
    expect((await edit({ id: bostonGroup, officeId: boston, description: "Boston Writing", isGlobal: true, tests: [nw["en-writing"]] }, officeAdmin())).statusCode).toBe(403);
    expect(await groupCount()).toBe(before);
    expect((await groupRow(bostonGroup)).isGlobal).toBe(false);
  });

  it("sees a global account-level group but cannot edit or delete it (403)", async () => {
    const res = await edit({ id: globalGroup, officeId: boston, description: "Ours now", tests: [nw["en-reading"]] }, officeAdmin());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: "settingsLists.packages.messages.globalReadOnly" });
    expect((await del(globalGroup, officeAdmin())).statusCode).toBe(403);
    expect(await groupRow(globalGroup)).toMatchObject({ description: "Global Spanish" });
  });

  it("may not reach the account level (403) nor another office's or a non-global account group (404)", async () => {
    expect((await list({}, officeAdmin())).statusCode).toBe(403);
    expect((await list({ officeId: chicago }, officeAdmin())).statusCode).toBe(404);
    expect((await edit({ officeId: chicago, description: "Theirs", tests: [nw["en-reading"]] }, officeAdmin())).statusCode).toBe(404);
    for (const id of [chicagoGroup, accountGroup]) {
      const read = await get(id, officeAdmin());
      expect(read.statusCode).toBe(404);
      expect((await edit({ id, officeId: boston, description: "Taken", tests: [nw["en-reading"]] }, officeAdmin())).statusCode).toBe(404);
      expect((await del(id, officeAdmin())).statusCode).toBe(404);
    }
    expect((await groupRow(chicagoGroup)).description).toBe("Chicago Listening");
    expect((await groupRow(accountGroup)).description).toBe("Account Reading");
  });
});

describe("another account", () => {
  it("gets 404 for Northwind's groups and offices, never their data, and nothing changes", async () => {
    for (const id of [globalGroup, bostonGroup]) {
      const read = await get(id, contoso());
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain("Global Spanish");
      expect((await edit({ id, description: "Mine", tests: [contosoTests["en-reading"]] }, contoso())).statusCode).toBe(404);
      expect((await del(id, contoso())).statusCode).toBe(404);
    }
    expect((await list({ officeId: boston }, contoso())).statusCode).toBe(404);
    const own = (await list({ officeId: contosoHq }, contoso())).json();
    const ownIds = own.groups.map((g: { id: number }) => g.id);
    for (const id of [accountGroup, globalGroup, bostonGroup, chicagoGroup]) expect(ownIds).not.toContain(id);
    expect(own.accountTests.map((x: { id: number }) => x.id).sort()).toEqual(Object.values(contosoTests).sort());
    expect((await groupRow(globalGroup)).description).toBe("Global Spanish");
  });
});

describe("delete", () => {
  it("deletes a group with its tests, and audits it", async () => {
    const id = await create({ officeId: chicago, description: "Short lived", tests: [nw["en-reading"], nw["ar-reading"]] });
    const res = await del(id, admin());
    expect(res.json()).toEqual({ success: true, message: "The test group has been deleted." });
    expect(await groupRow(id)).toBeUndefined();
    expect(await groupTests(id)).toEqual([]);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "testpackages.delete"), eq(auditLog.targetId, String(id))));
    expect(entry).toMatchObject({ actorUserId: t.ids.users["admin@northwind.example"], accountId: t.ids.accounts.northwind });
    expect(entry.details).toMatchObject({ description: "Short lived", officeId: chicago });
    expect((await del(id, admin())).statusCode).toBe(404);
  });
});
