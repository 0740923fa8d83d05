import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, isNull } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assignedTests, auditLog, candidates, offices, resultRecipients, testGroups, users } from "../../db/schema.js";

/** Validation, the office life cycle and the delete rule, as the account administrator. */
let t: TestApp;
let admin: string;
let boston: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  admin = await t.signIn("admin@northwind.example");
  [boston] = t.ids.offices.northwind;
});
afterAll(() => t?.close());

const post = (url: string, body: unknown) => t.request({ method: "POST", url, cookie: admin, body });
const get = (id: number | string) => t.request({ method: "GET", url: `/api/offices/${id}`, cookie: admin });
const officeNames = async () => (await post("/api/offices/list", { page: 1 })).json().offices.map((o: { name: string }) => o.name);

describe("bad input", () => {
  const cases: [string, string, unknown, string][] = [
    ["missing name", "/api/offices/edit", { is_invoiced: false }, "A required field is missing."],
    ["blank name", "/api/offices/edit", { name: "   ", is_invoiced: false }, "A required field is missing."],
    ["31-character name", "/api/offices/edit", { name: "x".repeat(31) }, "Office Name must be at most 30 characters."],
    ["is_invoiced 'yes'", "/api/offices/edit", { name: "Denver", is_invoiced: "yes" }, "The field is_invoiced must be true or false."],
    ["id 'abc' on edit", "/api/offices/edit", { id: "abc", name: "Denver" }, "The office id must be a positive whole number."],
    ["id 'abc' on delete", "/api/offices/delete", { id: "abc" }, "The office id must be a positive whole number."],
    ["missing id on delete", "/api/offices/delete", {}, "The office id must be a positive whole number."],
    ["page 0", "/api/offices/list", { page: 0 }, "The page must be a whole number of at least 1."],
    ["page 'two'", "/api/offices/list", { page: "two" }, "The page must be a whole number of at least 1."],
  ];
  for (const [what, url, body, message] of cases) {
    it(`${what}: 400 "${message}" and nothing changes`, async () => {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await officeNames()).toEqual(["Boston", "Chicago", "Seattle"]);
    });
  }

  it("a blank name on an existing office leaves it as it was", async () => {
    const res = await post("/api/offices/edit", { id: boston, name: " ", is_invoiced: true });
    expect(res.json().message).toBe("A required field is missing.");
    expect((await get(boston)).json()).toMatchObject({ name: "Boston", is_invoiced: false });
  });

  it("a non-numeric id in the path is 400, an unknown id 404", async () => {
    expect((await get("abc")).statusCode).toBe(400);
    for (const res of [await get(999_999), await post("/api/offices/edit", { id: 999_999, name: "Ghost" }), await post("/api/offices/delete", { id: 999_999 })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("That office was not found.");
    }
  });

  it("a name already used in the account (ignoring case) is 409", async () => {
    for (const body of [{ name: "boston" }, { id: t.ids.offices.northwind[1], name: " SEATTLE " }]) {
      const res = await post("/api/offices/edit", body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: "An office with this name already exists.", messageKey: "offices.messages.nameTaken" });
    }
    expect(await officeNames()).toEqual(["Boston", "Chicago", "Seattle"]);
  });
});

describe("life cycle", () => {
  it("creates, lists, edits and deletes an empty office", async () => {
    const created = await post("/api/offices/edit", { name: "  Denver  ", is_invoiced: true });
    expect(created.statusCode).toBe(200);
    const { id, ...rest } = created.json();
    expect(rest).toEqual({ success: true, message: "The office has been saved." });

    const listed = (await post("/api/offices/list", { page: 1 })).json();
    expect(listed.itemCount).toBe(4);
    expect(listed.offices).toContainEqual({ id, name: "Denver", users: 0, tests: 0, is_invoiced: true, is_closed: false });

    expect((await post("/api/offices/edit", { id, name: "Denver West", is_invoiced: false })).json().success).toBe(true);
    expect((await get(id)).json()).toEqual({ id, name: "Denver West", users: 0, tests: 0, is_invoiced: false, is_closed: false, canEdit: true, canDelete: true });
    // Without is_invoiced the saved value stays; the same name in another case is a rename.
    await post("/api/offices/edit", { id, name: "Denver west", is_invoiced: true });
    await post("/api/offices/edit", { id, name: "Denver West" });
    expect((await get(id)).json()).toMatchObject({ name: "Denver West", is_invoiced: true });

    const deleted = await post("/api/offices/delete", { id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: "The office has been deleted." });
    expect((await get(id)).statusCode).toBe(404);
    expect(await officeNames()).toEqual(["Boston", "Chicago", "Seattle"]);

    const logged = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "offices.delete"), eq(auditLog.targetId, String(id))));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorUserId: t.ids.users["admin@northwind.example"], accountId: t.ids.accounts.northwind, details: { name: "Denver West" } });
  });

  it("refuses to delete an office with users (422) and keeps it", async () => {
    const res = await post("/api/offices/delete", { id: boston });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "This office cannot be deleted because it has historical data (users or tests).",
      messageKey: "offices.messages.hasHistory",
    });
    expect((await get(boston)).json()).toMatchObject({ name: "Boston", users: 2 });
  });
});

describe("closed offices", () => {
  it("are listed and shown as closed (the provider closed them: they keep their history, take no new tests)", async () => {
    const created = (await post("/api/offices/edit", { name: "Harbor Closed" })).json();
    await t.ctx.db.update(offices).set({ isClosed: true }).where(eq(offices.id, created.id));
    try {
      const listed = (await post("/api/offices/list", { page: 1 })).json().offices as { name: string; is_closed: boolean }[];
      expect(listed.find((o) => o.name === "Harbor Closed")).toMatchObject({ is_closed: true });
      expect(listed.filter((o) => o.name !== "Harbor Closed").every((o) => !o.is_closed)).toBe(true);
      expect((await get(created.id)).json()).toMatchObject({ name: "Harbor Closed", is_closed: true });
    } finally {
      await post("/api/offices/delete", { id: created.id });
    }
  });
});

describe("counts", () => {
  const testsOf = async (officeId: number) =>
    (await t.ctx.db.select({ n: count() }).from(assignedTests).where(and(eq(assignedTests.officeId, officeId), isNull(assignedTests.deletedAt))))[0].n;

  it("Tests counts the office's assigned tests, leaving deleted ones out", async () => {
    const [chicago] = t.ids.offices.northwind.slice(1);
    const before = (await get(chicago)).json().tests;
    expect(before).toBe(await testsOf(chicago));
    expect(before).toBeGreaterThan(0);
    const [open] = await t.ctx.db
      .select({ id: assignedTests.id })
      .from(assignedTests)
      .where(and(eq(assignedTests.officeId, chicago), isNull(assignedTests.deletedAt)))
      .limit(1);
    await t.ctx.db.update(assignedTests).set({ deletedAt: new Date() }).where(eq(assignedTests.id, open.id));
    try {
      expect((await get(chicago)).json().tests).toBe(before - 1);
      const listed = (await post("/api/offices/list", { page: 1 })).json().offices.find((o: { id: number }) => o.id === chicago);
      expect(listed.tests).toBe(before - 1);
    } finally {
      await t.ctx.db.update(assignedTests).set({ deletedAt: null }).where(eq(assignedTests.id, open.id));
    }
  });

  it("Users counts active testing users only", async () => {
    const officeUser = t.ids.users["office.user@northwind.example"];
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, officeUser));
    try {
      expect((await get(boston)).json().users).toBe(1);
    } finally {
      await t.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, officeUser));
    }
    expect((await get(boston)).json().users).toBe(2);
  });
});

describe("offices with history", () => {
  const northwind = () => t.ids.accounts.northwind;
  const newOffice = async (name: string) => (await post("/api/offices/edit", { name })).json().id as number;
  const stillThere = async (id: number) => (await t.ctx.db.select({ id: offices.id }).from(offices).where(eq(offices.id, id))).length === 1;

  it("refuses to delete an office with candidates (even deleted ones) and no users (422)", async () => {
    const id = await newOffice("Portland");
    await t.ctx.db.insert(candidates).values({ accountId: northwind(), officeId: id, firstName: "Rosa", lastName: "Lima", deletedAt: new Date() });
    expect((await get(id)).json()).toMatchObject({ users: 0, tests: 0, canDelete: false });
    const res = await post("/api/offices/delete", { id });
    expect(res.statusCode).toBe(422);
    expect(res.json().messageKey).toBe("offices.messages.hasHistory");
    expect(await stillThere(id)).toBe(true);
  });

  it("deletes an office's own test groups and result recipients with it (they are settings, not history)", async () => {
    const id = await newOffice("Tacoma");
    const [group] = await t.ctx.db.insert(testGroups).values({ accountId: northwind(), officeId: id, description: "Tacoma screening" }).returning();
    const [recipient] = await t.ctx.db.insert(resultRecipients).values({ accountId: northwind(), officeId: id, email: "hr@tacoma.example" }).returning();
    expect((await get(id)).json()).toMatchObject({ canDelete: true });
    const res = await post("/api/offices/delete", { id });
    expect(res.statusCode).toBe(200);
    expect(await stillThere(id)).toBe(false);
    expect(await t.ctx.db.select().from(testGroups).where(eq(testGroups.id, group.id))).toEqual([]);
    expect(await t.ctx.db.select().from(resultRecipients).where(eq(resultRecipients.id, recipient.id))).toEqual([]);
  });
});
