import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { auditLog } from "../../db/schema.js";

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
    expect(listed.offices).toContainEqual({ id, name: "Denver", users: 0, tests: 0, is_invoiced: true });

    expect((await post("/api/offices/edit", { id, name: "Denver West", is_invoiced: false })).json().success).toBe(true);
    expect((await get(id)).json()).toEqual({ id, name: "Denver West", users: 0, tests: 0, is_invoiced: false, canEdit: true, canDelete: true });
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
