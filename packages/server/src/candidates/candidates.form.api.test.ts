import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { candidateMessages, TIME_ZONES, US_REGIONS } from "@parlance/contract";
import { candidates, offices } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { insertAssignedTest, insertCandidate, signInAll } from "./test-fixtures.js";

/**
 * The candidate form (spec §3, §5): the page data, every rule with its exact message, nothing
 * saved on bad input, and the fields each kind of account and caller may set.
 */
let t: TestApp;
let cookies: Record<string, string>;
let boston: number;
let chicago: number;
const admin = () => cookies["admin@northwind.example"];
const role = (name: string) => t.ids.catalogue.healthcareRoles[name];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookies = await signInAll(t);
  [boston, chicago] = t.ids.offices.northwind;
});
afterAll(() => t?.close());

const form = (cookie: string, id?: number) => t.request({ method: "GET", url: `/api/candidates/form${id ? `?id=${id}` : ""}`, cookie });
const edit = (cookie: string, body: object) => t.request({ method: "POST", url: "/api/candidates/edit", cookie, body });
const candidateCount = async () => (await t.ctx.db.select({ n: count() }).from(candidates))[0].n;
const row = async (id: number) => (await t.ctx.db.select().from(candidates).where(eq(candidates.id, id)))[0];

/** A complete Northwind candidate (medical option, proctor service). */
const valid = () => ({
  firstName: "Rosa",
  lastName: "Delgado",
  emailAddress: "rosa.delgado@example.com",
  languageId: 140,
  officeId: boston,
  healthCareRoleId: role("Nurse").id,
  healthCareSpecialtyId: role("Nurse").specialties["Registered Nurse"],
});

describe("the form's page data", () => {
  it("a new form for the account administrator: every option of the account", async () => {
    const res = await form(admin());
    expect(res.statusCode).toBe(200);
    const f = res.json();
    expect(f).toMatchObject({
      action: "create",
      id: null,
      firstName: "",
      timeZoneId: 23,
      languageId: 140,
      canSetOffice: true,
      requiresOffice: true,
      requiresEmail: true,
      includeHealthCareRoles: true,
      usesProctorService: true,
      takesProctoredTests: false,
    });
    expect(f.offices.map((o: { name: string }) => o.name)).toEqual(["Boston", "Chicago", "Seattle"]);
    expect(f.regions).toHaveLength(51);
    expect(f.regions).toContainEqual({ id: "DC", name: "District of Columbia" });
    expect(f.timeZones.map((z: { id: number }) => z.id)).toEqual(TIME_ZONES.map((z) => z.id));
    expect(f.languages.map((l: { id: number }) => l.id)).toEqual([140, 104, 106]);
    expect(f.healthCareRoles.map((r: { name: string }) => r.name)).toContain("Nurse");
    expect(f.healthCareSpecialties).toContainEqual({ id: role("Nurse").specialties["Registered Nurse"], roleId: role("Nurse").id, name: "Registered Nurse" });
  });

  it("office-bound callers cannot set the office: it is theirs", async () => {
    const f = (await form(cookies["office.user@northwind.example"])).json();
    expect(f).toMatchObject({ canSetOffice: false, requiresOffice: false, officeId: boston });
    expect(f.offices).toEqual([{ id: boston, name: "Boston" }]);
  });

  it("an account without the medical option or the proctor service: neither part of the form", async () => {
    const f = (await form(cookies["admin@contoso.example"])).json();
    expect(f).toMatchObject({ includeHealthCareRoles: false, usesProctorService: false, healthCareRoles: [], healthCareSpecialties: [] });
    // Contoso has one office: chosen for a new candidate already.
    expect(f.officeId).toBe(t.ids.offices.contoso[0]);
  });

  it("an edit form carries the saved values and marks a candidate with proctoring details", async () => {
    const id = await insertCandidate(t, { firstName: "Edith", lastName: "Form", notes: "Likes mornings", role: "Physician", specialty: "Pediatrics" });
    await t.ctx.db.update(candidates).set({ phoneNumber: "617-555-0100", streetAddress: "1 Main St", city: "Boston", state: "MA", postalCode: "02110" }).where(eq(candidates.id, id));
    const f = (await form(admin(), id)).json();
    expect(f).toMatchObject({
      action: "update",
      id,
      firstName: "Edith",
      lastName: "Form",
      clientNotes: "Likes mornings",
      officeId: boston,
      healthCareRoleId: role("Physician").id,
      healthCareSpecialtyId: role("Physician").specialties.Pediatrics,
      state: "MA",
      takesProctoredTests: true,
    });
  });

  it("a candidate with an open proctored test counts as taking proctored tests", async () => {
    const id = await insertCandidate(t, { firstName: "Pat", lastName: "Proctored" });
    expect((await form(admin(), id)).json().takesProctoredTests).toBe(false);
    await insertAssignedTest(t, id, { test: "en-reading-proctored" });
    expect((await form(admin(), id)).json().takesProctoredTests).toBe(true);
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    const bad = await form(admin(), "x" as unknown as number);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(candidateMessages.badId);
    expect((await form(admin(), 99_999_999)).statusCode).toBe(404);
  });
});

describe("saving", () => {
  it("creates a candidate with every field, and updates it", async () => {
    const res = await edit(admin(), {
      ...valid(),
      middleName: "Maria",
      employeeId: "NW-7781",
      challengeQuestion: "First school?",
      challengeAnswer: "Lincoln",
      clientNotes: "Spanish interpreter pool",
      adjustments: true,
      phoneNumber: "(617) 555-0142",
      streetAddress: "200 Clarendon St",
      city: "Boston",
      state: "ma",
      postalCode: "02116",
      timeZoneId: 22,
      takesProctoredTests: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "The candidate has been saved." });
    const id = res.json().id;
    expect(await row(id)).toMatchObject({
      accountId: t.ids.accounts.northwind,
      officeId: boston,
      firstName: "Rosa",
      middleName: "Maria",
      lastName: "Delgado",
      employeeId: "NW-7781",
      email: "rosa.delgado@example.com",
      challengeQuestion: "First school?",
      challengeAnswer: "Lincoln",
      clientNotes: "Spanish interpreter pool",
      adjustments: true,
      phoneNumber: "(617) 555-0142",
      state: "MA",
      postalCode: "02116",
      timeZoneId: 22,
      languageId: 140,
      healthCareRoleId: role("Nurse").id,
    });
    const before = (await row(id)).updatedAt;
    const updated = await edit(admin(), { ...valid(), id, firstName: "Rosalind", officeId: chicago, languageId: 104 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().id).toBe(id);
    const after = await row(id);
    expect(after).toMatchObject({ firstName: "Rosalind", officeId: chicago, languageId: 104, adjustments: false });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  const cases: [string, object, string, string][] = [
    ["no first name", { firstName: "  " }, "firstName", "Please provide a first name."],
    ["no last name", { lastName: "" }, "lastName", "Please provide a last name."],
    ["no email", { emailAddress: "" }, "emailAddress", "Please include an email address"],
    ["a malformed email", { emailAddress: "rosa@" }, "emailAddress", candidateMessages.emailInvalid],
    ["no language", { languageId: null }, "languageId", "Please include a preferred language"],
    ["a language not offered", { languageId: 150 }, "languageId", "Please include a preferred language"],
    ["no office", { officeId: null }, "officeId", "Please select an office"],
    ["another account's office", { officeId: 0 }, "officeId", "Please select an office"],
    ["no health care role", { healthCareRoleId: null, healthCareSpecialtyId: null }, "healthCareRoleId", "Please select a health care role."],
    ["a role without its specialty", { healthCareSpecialtyId: null }, "healthCareSpecialtyId", "Please select a health care role and specialty."],
    ["another role's specialty", { healthCareSpecialtyId: -1 }, "healthCareSpecialtyId", "Please select a health care role and specialty."],
    ["a first name of 126 characters", { firstName: "x".repeat(126) }, "firstName", "First name must be at most 125 characters."],
    ["notes of 126 characters", { clientNotes: "x".repeat(126) }, "clientNotes", "Notes must be at most 125 characters."],
    ["a challenge answer of 126 characters", { challengeAnswer: "x".repeat(126) }, "challengeAnswer", "Challenge answer must be at most 125 characters."],
    ["a state that is not a US state", { state: "ZZ" }, "state", candidateMessages.stateInvalid],
    ["an unknown time zone", { timeZoneId: 5 }, "timeZoneId", candidateMessages.timeZoneInvalid],
    ["a malformed ZIP code", { postalCode: "2110" }, "postalCode", candidateMessages.postalCodeInvalid],
    ["a phone number of letters", { phoneNumber: "call me" }, "phoneNumber", candidateMessages.phoneInvalid],
  ];
  for (const [label, change, path, message] of cases) {
    it(`refuses ${label} with '${message}' and saves nothing`, async () => {
      const body: Record<string, unknown> = { ...valid(), ...change };
      if (label === "another account's office") body.officeId = t.ids.offices.contoso[0];
      if (label === "another role's specialty") body.healthCareSpecialtyId = role("Physician").specialties.Cardiology;
      const n = await candidateCount();
      const res = await edit(admin(), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().issues).toContainEqual({ path, message });
      expect(await candidateCount()).toBe(n);
    });
  }

  it("lists every problem at once, in the order of the form", async () => {
    const res = await edit(admin(), { firstName: "", lastName: "", emailAddress: "", languageId: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please provide a first name.");
    expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual([
      "Please provide a first name.",
      "Please provide a last name.",
      "Please include an email address",
      "Please include a preferred language",
      "Please select an office",
      "Please select a health care role.",
    ]);
  });

  it("requires the proctoring details only for candidates who will take proctored tests", async () => {
    const n = await candidateCount();
    const res = await edit(admin(), { ...valid(), takesProctoredTests: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: "phoneNumber", message: candidateMessages.phoneRequired },
      { path: "streetAddress", message: candidateMessages.streetAddressRequired },
      { path: "city", message: candidateMessages.cityRequired },
      { path: "state", message: candidateMessages.stateRequired },
      { path: "postalCode", message: candidateMessages.postalCodeRequired },
    ]);
    expect(await candidateCount()).toBe(n);
    expect((await edit(admin(), { ...valid(), takesProctoredTests: false })).statusCode).toBe(200);
  });

  it("takes all 50 states and DC, and the four US time zones", async () => {
    for (const region of [US_REGIONS[0], US_REGIONS.find((r) => r.id === "DC")!, US_REGIONS[50]]) {
      for (const zone of TIME_ZONES) {
        const res = await edit(admin(), { ...valid(), state: region.id, timeZoneId: zone.id });
        expect(res.statusCode, `${region.id} ${zone.id}`).toBe(200);
      }
    }
  });

  it("refuses payloads of the wrong types with a readable 400, and saves nothing", async () => {
    const n = await candidateCount();
    for (const body of [{ ...valid(), firstName: 42 }, { ...valid(), adjustments: "yes" }, { ...valid(), officeId: "Boston" }, { ...valid(), id: "abc" }]) {
      const res = await edit(admin(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/^[A-Z]/);
    }
    expect(await candidateCount()).toBe(n);
  });

  it("an office-bound caller's candidates are in their office, whatever the payload says", async () => {
    const res = await edit(cookies["office.admin@northwind.example"], { ...valid(), officeId: chicago });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(res.json().id)).officeId).toBe(boston);
  });

  it("a closed office takes no new candidates, and a candidate already in it may stay", async () => {
    const [closed] = await t.ctx.db.insert(offices).values({ accountId: t.ids.accounts.northwind, name: "Closed Portland", isClosed: true }).returning({ id: offices.id });
    const refused = await edit(admin(), { ...valid(), officeId: closed.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Please select an office");
    const id = await insertCandidate(t, { firstName: "Stay", lastName: "Put" });
    await t.ctx.db.update(candidates).set({ officeId: closed.id }).where(eq(candidates.id, id));
    expect((await form(admin(), id)).json().offices.map((o: { id: number }) => o.id)).toContain(closed.id);
    expect((await edit(admin(), { ...valid(), id, officeId: closed.id })).statusCode).toBe(200);
  });

  it("accounts without the medical option or proctor service neither need nor take those fields", async () => {
    const contoso = cookies["admin@contoso.example"];
    const res = await edit(contoso, {
      firstName: "Lee",
      lastName: "Counsel",
      emailAddress: "lee@example.com",
      languageId: 106,
      officeId: t.ids.offices.contoso[0],
      healthCareRoleId: role("Nurse").id,
      phoneNumber: "617-555-0100",
      takesProctoredTests: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(res.json().id)).toMatchObject({ healthCareRoleId: null, phoneNumber: "", languageId: 106 });
  });

  it("another account's candidate cannot be updated (404), and stays as it was", async () => {
    const id = await insertCandidate(t, { account: "contoso", firstName: "Not", lastName: "Yours" });
    const res = await edit(admin(), { ...valid(), id });
    expect(res.statusCode).toBe(404);
    expect((await row(id)).firstName).toBe("Not");
  });
});
