import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { candidates } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { CLIENT_EMAILS, insertCandidate, signInAll } from "./test-fixtures.js";

/**
 * Who reaches which candidate, on every candidate route: the four client roles (allowed), a
 * candidate and provider staff (403), signed out (401), another account's and another office's
 * candidate (404, never their data).
 */
let t: TestApp;
let cookies: Record<string, string>;
let inBoston: number;
let inChicago: number;
let atAccountLevel: number;
let atContoso: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookies = await signInAll(t);
  inBoston = await insertCandidate(t, { firstName: "Access", lastName: "Bostonian", office: 0 });
  inChicago = await insertCandidate(t, { firstName: "Access", lastName: "Chicagoan", office: 1 });
  atAccountLevel = await insertCandidate(t, { firstName: "Access", lastName: "Nowhere", office: null });
  atContoso = await insertCandidate(t, { account: "contoso", firstName: "Access", lastName: "Lawyer" });
});
afterAll(() => t?.close());

type Req = { method: "GET" | "POST"; url: string; body?: unknown };
/** Every candidate route, reaching the given candidate where it takes one. */
const routes = (id: number): Record<string, Req> => ({
  search: { method: "POST", url: "/api/candidates/search", body: { query: "access", page: 1 } },
  download: { method: "GET", url: "/api/candidates/download?query=access" },
  newForm: { method: "GET", url: "/api/candidates/form" },
  editForm: { method: "GET", url: `/api/candidates/form?id=${id}` },
  get: { method: "GET", url: `/api/candidates/${id}` },
  edit: { method: "POST", url: "/api/candidates/edit", body: { id, firstName: "Access", lastName: "Changed", emailAddress: "x@example.com", languageId: 140 } },
  delete: { method: "POST", url: "/api/candidates/delete", body: { id } },
  notify: { method: "POST", url: "/api/candidates/notify", body: { id } },
  activate: { method: "POST", url: "/api/candidates/activate", body: { id } },
});
const psr = () => t.ids.catalogue.healthcareRoles["Patient Services Representative"].id;
const call = (r: Req, cookie?: string) => t.request({ method: r.method, url: r.url, cookie, body: r.body });
const stillThere = async (id: number) => {
  const [row] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, id));
  return row.deletedAt === null && row.lastName !== "Changed";
};

describe("signed out", () => {
  it("answers 401 on every candidate route", async () => {
    for (const [name, r] of Object.entries(routes(inBoston))) expect((await call(r)).statusCode, name).toBe(401);
  });
});

describe("without the candidates permission", () => {
  for (const email of ["candidate@northwind.example", "admin@parlance.example"]) {
    it(`${email} gets 403 on every candidate route, and nothing changes`, async () => {
      for (const [name, r] of Object.entries(routes(inBoston))) {
        const res = await call(r, cookies[email]);
        expect(res.statusCode, name).toBe(403);
        expect(res.json().message).toBe("You are not allowed to do that.");
      }
      expect(await stillThere(inBoston)).toBe(true);
    });
  }
});

describe("the four client roles", () => {
  for (const email of CLIENT_EMAILS) {
    it(`${email} reads their candidates and the forms`, async () => {
      const cookie = cookies[email];
      const search = await call(routes(inBoston).search, cookie);
      expect(search.statusCode).toBe(200);
      const names = search.json().candidateProfiles.map((p: { displayAs: string }) => p.displayAs);
      expect(names).toContain("Bostonian, Access");
      const officeBound = email.startsWith("office.");
      // Office users and office administrators see their office's candidates only.
      expect(names.includes("Chicagoan, Access")).toBe(!officeBound);
      expect(names.includes("Nowhere, Access")).toBe(!officeBound);
      expect(names).not.toContain("Lawyer, Access");
      expect((await call(routes(inBoston).get, cookie)).statusCode).toBe(200);
      expect((await call(routes(inBoston).editForm, cookie)).statusCode).toBe(200);
      expect((await call(routes(inBoston).newForm, cookie)).statusCode).toBe(200);
      const csv = await call(routes(inBoston).download, cookie);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain("Bostonian");
      expect(csv.body.includes("Chicagoan")).toBe(!officeBound);
    });

    it(`${email} gets 404 for another account's candidate on every route, and nothing changes`, async () => {
      for (const [name, r] of Object.entries(routes(atContoso))) {
        if (name === "search" || name === "download" || name === "newForm") continue;
        const res = await call(r, cookies[email]);
        expect(res.statusCode, name).toBe(404);
        expect(res.body, name).not.toContain("Lawyer");
      }
      expect(await stillThere(atContoso)).toBe(true);
    });
  }

  for (const email of ["office.admin@northwind.example", "office.user@northwind.example"]) {
    it(`${email} gets 404 for another office's (and the account's own) candidates, and nothing changes`, async () => {
      for (const id of [inChicago, atAccountLevel]) {
        for (const [name, r] of Object.entries(routes(id))) {
          if (name === "search" || name === "download" || name === "newForm") continue;
          const res = await call(r, cookies[email]);
          expect(res.statusCode, name).toBe(404);
          expect(res.json().message, name).toBe("That candidate was not found.");
        }
        expect(await stillThere(id)).toBe(true);
      }
    });
  }

  it("the account administrator reaches every office's candidates, and the Contoso administrator only Contoso's", async () => {
    expect((await call(routes(inChicago).get, cookies["admin@northwind.example"])).statusCode).toBe(200);
    expect((await call(routes(atAccountLevel).get, cookies["user@northwind.example"])).statusCode).toBe(200);
    expect((await call(routes(atContoso).get, cookies["admin@contoso.example"])).statusCode).toBe(200);
    expect((await call(routes(inBoston).get, cookies["admin@contoso.example"])).statusCode).toBe(404);
  });

  it("each client role may delete, notify and activate a candidate of their own office", async () => {
    for (const email of CLIENT_EMAILS) {
      const id = await insertCandidate(t, { firstName: "Deletable", lastName: email.split("@")[0], office: 0 });
      // No open tests: notify answers 422 with its reason, activate mails a link, delete works.
      expect((await call(routes(id).notify, cookies[email])).statusCode, email).toBe(422);
      expect((await call(routes(id).activate, cookies[email])).statusCode, email).toBe(200);
      const edited = await call({ ...routes(id).edit, body: { id, firstName: "Deletable", lastName: "Edited", emailAddress: "d@example.com", languageId: 140, officeId: t.ids.offices.northwind[0], healthCareRoleId: psr() } }, cookies[email]);
      expect(edited.statusCode, `${email} ${edited.body}`).toBe(200);
      expect((await call(routes(id).delete, cookies[email])).statusCode, email).toBe(200);
      expect((await call(routes(id).get, cookies[email])).statusCode, email).toBe(404);
    }
  });
});
