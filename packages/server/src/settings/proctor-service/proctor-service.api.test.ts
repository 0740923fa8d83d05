import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

/** Proctor service settings: the account administrator's, on their own account only. */
let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of ["admin@northwind.example", "admin@contoso.example", "office.admin@northwind.example", "user@northwind.example", "candidate@northwind.example"]) {
    cookies[email] = await t.signIn(email);
  }
});
afterAll(() => t?.close());

const read = (cookie?: string) => t.request({ method: "GET", url: "/api/proctorservice/settings", cookie });
const save = (body: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/proctorservice/edit", cookie, body });

const NORTHWIND_SEED = { usesProctorService: true, allowCandidateScheduling: true, minProctorApptDelay: 1 };
const CONTOSO_SEED = { usesProctorService: false, allowCandidateScheduling: false, minProctorApptDelay: 1 };

describe("account administrator", () => {
  const admin = () => cookies["admin@northwind.example"];

  it("reads the account's settings", async () => {
    const res = await read(admin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(NORTHWIND_SEED);
  });

  it("saves them, and they persist", async () => {
    const res = await save({ usesProctorService: false, allowCandidateScheduling: false, minProctorApptDelay: 0 }, admin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "The proctor service settings have been saved." });
    expect((await read(admin())).json()).toEqual({ usesProctorService: false, allowCandidateScheduling: false, minProctorApptDelay: 0 });
  });

  it("reads an unparsable or missing delay as 1 (one hour in advance)", async () => {
    for (const minProctorApptDelay of ["abc", undefined, null, 7, "0"]) {
      await save({ usesProctorService: true, allowCandidateScheduling: true, minProctorApptDelay: 0 }, admin());
      const res = await save({ usesProctorService: true, allowCandidateScheduling: true, minProctorApptDelay }, admin());
      expect(res.statusCode).toBe(200);
      expect((await read(admin())).json().minProctorApptDelay).toBe(minProctorApptDelay === "0" ? 0 : 1);
    }
  });

  it("refuses a non-boolean flag with 400 and changes nothing", async () => {
    const before = (await read(admin())).json();
    const res = await save({ usesProctorService: "yes", allowCandidateScheduling: false, minProctorApptDelay: 0 }, admin());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The field usesProctorService must be true or false.");
    expect((await read(admin())).json()).toEqual(before);
  });
});

describe("other callers", () => {
  it("the contoso administrator changes only contoso", async () => {
    const northwindBefore = (await read(cookies["admin@northwind.example"])).json();
    expect((await read(cookies["admin@contoso.example"])).json()).toEqual(CONTOSO_SEED);
    const res = await save({ usesProctorService: true, allowCandidateScheduling: true, minProctorApptDelay: 0 }, cookies["admin@contoso.example"]);
    expect(res.statusCode).toBe(200);
    expect((await read(cookies["admin@contoso.example"])).json()).toEqual({ usesProctorService: true, allowCandidateScheduling: true, minProctorApptDelay: 0 });
    expect((await read(cookies["admin@northwind.example"])).json()).toEqual(northwindBefore);
  });

  for (const email of ["office.admin@northwind.example", "user@northwind.example", "candidate@northwind.example"]) {
    it(`${email} gets 403 and changes nothing`, async () => {
      const before = (await read(cookies["admin@northwind.example"])).json();
      expect((await read(cookies[email])).statusCode).toBe(403);
      const res = await save({ usesProctorService: !before.usesProctorService, allowCandidateScheduling: false, minProctorApptDelay: 0 }, cookies[email]);
      expect(res.statusCode).toBe(403);
      expect((await read(cookies["admin@northwind.example"])).json()).toEqual(before);
    });
  }

  it("signed out gets 401", async () => {
    expect((await read()).statusCode).toBe(401);
    expect((await save({ usesProctorService: true, allowCandidateScheduling: true, minProctorApptDelay: 1 })).statusCode).toBe(401);
  });
});
