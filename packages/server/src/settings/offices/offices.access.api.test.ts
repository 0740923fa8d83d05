import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, isNull } from "drizzle-orm";
import { createTestApp, ROLE_EMAILS as EMAILS, type TestApp } from "../../test/harness.js";
import { assignedTests } from "../../db/schema.js";

/** Who reaches which office: every client role, another account, and signed-out visitors. */
let t: TestApp;
let boston: number;
let chicago: number;
let contosoHq: number;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  [boston, chicago] = t.ids.offices.northwind;
  [contosoHq] = t.ids.offices.contoso;
  for (const email of EMAILS) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const list = (cookie?: string, page = 1) => t.request({ method: "POST", url: "/api/offices/list", cookie, body: { page } });
const get = (id: number, cookie?: string) => t.request({ method: "GET", url: `/api/offices/${id}`, cookie });
const edit = (body: object, cookie?: string) => t.request({ method: "POST", url: "/api/offices/edit", cookie, body });
const del = (id: number, cookie?: string) => t.request({ method: "POST", url: "/api/offices/delete", cookie, body: { id } });
/** The office's assigned tests that were not deleted (the Tests count). */
const testsOf = async (officeId: number) =>
  (await t.ctx.db.select({ n: count() }).from(assignedTests).where(and(eq(assignedTests.officeId, officeId), isNull(assignedTests.deletedAt))))[0].n;
const officeAsAdmin = async (id: number) => (await get(id, cookies["admin@northwind.example"])).json();

describe("signed out", () => {
  it("answers 401 on every office route", async () => {
    for (const res of [await list(), await get(boston), await edit({ name: "X" }), await del(chicago)]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("account administrator", () => {
  const admin = () => cookies["admin@northwind.example"];

  it("lists every office of the account with counts, by name", async () => {
    const res = await list(admin());
    expect(res.statusCode).toBe(200);
    const seattle = t.ids.offices.northwind[2];
    // The demo history gives every office candidates with assigned tests.
    for (const id of [boston, chicago, seattle]) expect(await testsOf(id)).toBeGreaterThan(20);
    expect(res.json()).toEqual({
      offices: [
        // Boston has the office administrator and the office user; candidates are not testing users.
        { id: boston, name: "Boston", users: 2, tests: await testsOf(boston), is_invoiced: false, is_closed: false },
        { id: chicago, name: "Chicago", users: 0, tests: await testsOf(chicago), is_invoiced: false, is_closed: false },
        // Seattle is billed individually (its invoices: demo/billing.ts).
        { id: seattle, name: "Seattle", users: 0, tests: await testsOf(seattle), is_invoiced: true, is_closed: false },
      ],
      itemCount: 3,
      pageCount: 1,
    });
  });

  it("reads an office with what they may do with it", async () => {
    expect((await get(boston, admin())).json()).toMatchObject({ id: boston, name: "Boston", canEdit: true, canDelete: false });
    // Chicago has no testing users but candidates and tests: history all the same.
    expect((await get(chicago, admin())).json()).toMatchObject({ id: chicago, name: "Chicago", users: 0, canEdit: true, canDelete: false });
    const created = await edit({ name: "Denver" }, admin());
    const id = created.json().id;
    expect((await get(id, admin())).json()).toMatchObject({ id, name: "Denver", users: 0, tests: 0, canEdit: true, canDelete: true });
    expect((await del(id, admin())).statusCode).toBe(200);
  });
});

describe("clients without office rights", () => {
  for (const email of ["user@northwind.example", "office.user@northwind.example", "candidate@northwind.example"]) {
    it(`${email} gets 403 on every office route, and nothing changes`, async () => {
      const c = cookies[email];
      for (const res of [await list(c), await get(boston, c), await edit({ name: "Mine" }, c), await edit({ id: chicago, name: "Mine" }, c), await del(chicago, c)]) {
        expect(res.statusCode).toBe(403);
      }
      expect((await officeAsAdmin(chicago)).name).toBe("Chicago");
      expect((await list(cookies["admin@northwind.example"])).json().itemCount).toBe(3);
    });
  }
});

describe("office administrator", () => {
  const officeAdmin = () => cookies["office.admin@northwind.example"];

  it("lists only their own office", async () => {
    const body = (await list(officeAdmin())).json();
    expect(body).toEqual({ offices: [{ id: boston, name: "Boston", users: 2, tests: await testsOf(boston), is_invoiced: false, is_closed: false }], itemCount: 1, pageCount: 1 });
  });

  it("reads their office but may not delete it", async () => {
    const res = await get(boston, officeAdmin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Boston", canEdit: true, canDelete: false });
  });

  it("gets 404 for another office of the same account", async () => {
    expect((await get(chicago, officeAdmin())).statusCode).toBe(404);
    expect((await edit({ id: chicago, name: "Taken over" }, officeAdmin())).statusCode).toBe(404);
    expect((await officeAsAdmin(chicago)).name).toBe("Chicago");
  });

  it("edits their own office's name and Billed Individually", async () => {
    const res = await edit({ id: boston, name: "Boston Central", is_invoiced: true }, officeAdmin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: boston, message: "The office has been saved." });
    expect(await officeAsAdmin(boston)).toMatchObject({ name: "Boston Central", is_invoiced: true });
    await edit({ id: boston, name: "Boston", is_invoiced: false }, officeAdmin());
  });

  it("may neither create nor delete offices (403)", async () => {
    expect((await edit({ name: "Denver" }, officeAdmin())).statusCode).toBe(403);
    expect((await del(boston, officeAdmin())).statusCode).toBe(403);
    expect((await del(chicago, officeAdmin())).statusCode).toBe(403);
    expect((await list(cookies["admin@northwind.example"])).json().itemCount).toBe(3);
  });
});

describe("another account", () => {
  const contoso = () => cookies["admin@contoso.example"];

  it("sees only its own offices", async () => {
    const body = (await list(contoso())).json();
    expect(body.offices.map((o: { id: number }) => o.id)).toEqual([contosoHq]);
  });

  it("gets 404 (never the data) for a Northwind office, which stays unchanged", async () => {
    const read = await get(chicago, contoso());
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain("Chicago");
    expect((await edit({ id: chicago, name: "Contoso Chicago", is_invoiced: true }, contoso())).statusCode).toBe(404);
    expect((await del(chicago, contoso())).statusCode).toBe(404);
    expect(await officeAsAdmin(chicago)).toMatchObject({ id: chicago, name: "Chicago", is_invoiced: false });
  });

  it("may use a name another account already uses", async () => {
    const res = await edit({ name: "Boston" }, contoso());
    expect(res.statusCode).toBe(200);
    expect((await del(res.json().id, contoso())).statusCode).toBe(200);
  });
});
