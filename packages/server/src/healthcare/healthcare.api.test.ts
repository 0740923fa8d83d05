import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { healthcareRoles } from "../db/schema.js";
import { HEALTHCARE_ROLES } from "../db/reference.js";
import { createTestApp, type TestApp } from "../test/harness.js";

/** GET /api/healthcare_roles/get_roles: the roles page and the candidate form's choices. */
let t: TestApp;
const cookies: Record<string, string> = {};
const SIGN_INS = [
  "admin@northwind.example",
  "user@northwind.example",
  "office.admin@northwind.example",
  "office.user@northwind.example",
  "candidate@northwind.example",
  "admin@contoso.example",
  "admin@parlance.example",
];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of SIGN_INS) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const getRoles = (cookie?: string, query = "") => t.request({ method: "GET", url: `/api/healthcare_roles/get_roles${query}`, cookie });

/** The demo catalogue's roles as the route answers them (ids from the seeded world). */
const expected = () =>
  HEALTHCARE_ROLES.map((role) => {
    const ids = t.ids.catalogue.healthcareRoles[role.name];
    return { id: ids.id, name: role.name, specialties: role.specialties.map((name) => ({ id: ids.specialties[name], name })) };
  });

describe("the four client roles of an account with the medical option", () => {
  for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example"]) {
    it(`${email} gets every role with its specialties, in catalogue order`, async () => {
      const res = await getRoles(cookies[email]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ roles: expected() });
    });
  }

  it("a role without specialties has an empty list", async () => {
    const roles = (await getRoles(cookies["admin@northwind.example"])).json().roles as { name: string; specialties: unknown[] }[];
    expect(roles.find((r) => r.name === "Patient Services Representative")?.specialties).toEqual([]);
  });

  it("follows the catalogue's position, not the insertion order", async () => {
    const { db } = t.ctx;
    const [added] = await db.insert(healthcareRoles).values({ name: "Audiologist", position: -1 }).returning();
    try {
      const roles = (await getRoles(cookies["admin@northwind.example"])).json().roles;
      expect(roles[0]).toEqual({ id: added.id, name: "Audiologist", specialties: [] });
      expect(roles).toHaveLength(HEALTHCARE_ROLES.length + 1);
    } finally {
      await db.delete(healthcareRoles).where(eq(healthcareRoles.id, added.id));
    }
  });
});

describe("other callers", () => {
  it("an account without the medical option gets no roles (the page's empty state)", async () => {
    const res = await getRoles(cookies["admin@contoso.example"]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ roles: [] });
  });

  it("a candidate and provider staff without candidate management get 403", async () => {
    for (const email of ["candidate@northwind.example", "admin@parlance.example"]) {
      const res = await getRoles(cookies[email]);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().roles).toBeUndefined();
    }
  });

  it("signed out gets 401", async () => {
    const res = await getRoles();
    expect(res.statusCode).toBe(401);
    expect(res.json().roles).toBeUndefined();
  });

  it("unknown or malformed query parameters are ignored, never a failure", async () => {
    for (const query of ["?page=abc", "?role[]=1&x=%00", "?id=-1&id=2"]) {
      const res = await getRoles(cookies["admin@northwind.example"], query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json()).toEqual({ roles: expected() });
    }
  });
});
