import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ProctorContactDetails, ProctorSchedulePage } from "@parlance/contract";
import { accounts, candidates } from "../../db/schema.js";
import { proctorTermsAcceptances, proctoringReservations } from "../../db/schema/proctoring.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign } from "../../taking/test-fixtures.js";
import { ACCEPT, CANCEL, CONFIRM, CONTACT, CONTACT_FIELDS, EDIT_CONTACT, PAGE, TERMS, TIMES, proctoredCandidate } from "./test-support.js";

/**
 * Who reaches the proctoring reservation routes, and bad input: the account's administrator and
 * users, an office user of another office, the candidate, provider staff, another tenant
 * (Contoso), signed out; 400 with the message and nothing changed.
 */
let t: TestApp;
let chicago: Awaited<ReturnType<typeof proctoredCandidate>>;
let contoso: Awaited<ReturnType<typeof proctoredCandidate>>;
let proctored: number;
let plain: number;
let contosoTest: number;
const cookies: Record<string, string> = {};

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const pageUrl = (candidateId = chicago.candidateId, tests: unknown = proctored) => `${PAGE}/${candidateId}?assigned_tests=${tests}`;
const timesBody = (over: object = {}) => ({ date: "2030-01-07", duration: 60, timeZone: 23, candidateProfileId: chicago.candidateId, assignedTestIds: [proctored], ...over });

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  // In Chicago (office 1): the Boston office user is an office user of another office.
  chicago = await proctoredCandidate(t, { office: 1 });
  contoso = await proctoredCandidate(t, { account: "contoso" });
  proctored = await assign(t, chicago.candidateId, { test: "en-reading-proctored", useProctorService: true });
  plain = await assign(t, chicago.candidateId, { test: "en-reading" });
  contosoTest = await assign(t, contoso.candidateId, { test: "en-reading-proctored", useProctorService: true });
  for (const email of ["admin@northwind.example", "user@northwind.example", "office.user@northwind.example", "office.admin@northwind.example", "admin@contoso.example", "candidate@northwind.example", "admin@parlance.example", "proctor@parlance.example"])
    cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

describe("the schedule page", () => {
  it("answers 401 signed out on every route", async () => {
    for (const res of [
      await get(pageUrl()),
      await post(TIMES, timesBody()),
      await post(CONFIRM, { ...timesBody(), time: "09:00", cost: 2300 }),
      await post(CANCEL, { id: 1 }),
      await get(`${CONTACT}/${chicago.candidateId}`),
      await post(EDIT_CONTACT, { id: chicago.candidateId, ...CONTACT_FIELDS }),
      await get(TERMS),
      await post(ACCEPT, { accept: true }),
    ])
      expect(res.statusCode).toBe(401);
  });

  it("shows the spec's page data to the account's staff and to the candidate", async () => {
    for (const cookie of [cookies["admin@northwind.example"], cookies["user@northwind.example"], chicago.cookie]) {
      const res = await get(pageUrl(), cookie);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as ProctorSchedulePage;
      expect(page).toMatchObject({ duration: 60, durationDescription: "60 minutes", assignedTestIds: [proctored], testDescriptions: ["English Reading Proficiency (Proctored)"], timeZoneName: "America/New_York", candidateProfileId: chicago.candidateId, allowCandidateScheduling: true, reservation: null, contactComplete: true });
      expect(page.isCandidate).toBe(cookie === chicago.cookie);
      expect(page.availableDates.length).toBeGreaterThan(0);
      expect(page.minDate <= page.availableDates[0] && page.availableDates.at(-1)! <= page.maxDate).toBe(true);
    }
  });

  it("answers 404 to an office user of another office, another tenant, another candidate and provider staff", async () => {
    for (const cookie of [cookies["office.user@northwind.example"], cookies["office.admin@northwind.example"], cookies["admin@contoso.example"], cookies["candidate@northwind.example"], contoso.cookie, cookies["admin@parlance.example"], cookies["proctor@parlance.example"]]) {
      expect((await get(pageUrl(), cookie)).statusCode).toBe(404);
      expect((await post(TIMES, timesBody({ date: "2030-01-07" }), cookie)).statusCode).toBe(404);
      expect((await get(`${CONTACT}/${chicago.candidateId}`, cookie)).statusCode).toBe(404);
    }
    // Contoso's own test is Contoso's: Northwind's administrator does not reach it.
    expect((await get(pageUrl(contoso.candidateId, contosoTest), cookies["admin@northwind.example"])).statusCode).toBe(404);
  });

  it("answers 404 for a test without the proctor service, and 422 where the account has no proctor service", async () => {
    expect((await get(pageUrl(chicago.candidateId, plain), cookies["admin@northwind.example"])).json().message).toBe("Those tests were not found, or they do not use the proctor service.");
    const res = await get(pageUrl(contoso.candidateId, contosoTest), cookies["admin@contoso.example"]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This account does not use the proctor service.");
  });

  it("refuses the candidate where the account keeps the scheduling (403)", async () => {
    const northwind = t.ids.accounts.northwind;
    await t.ctx.db.update(accounts).set({ allowCandidateScheduling: false }).where(eq(accounts.id, northwind));
    try {
      const res = await get(pageUrl(), chicago.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Your administrator reserves proctoring for these tests.");
    } finally {
      await t.ctx.db.update(accounts).set({ allowCandidateScheduling: true }).where(eq(accounts.id, northwind));
    }
  });

  it("answers 400 with a message for bad ids", async () => {
    const admin = cookies["admin@northwind.example"];
    for (const tests of ["", "abc", "1,,2", "0", "2147483648", Array.from({ length: 11 }, (_, i) => i + 1).join(",")]) {
      const res = await get(pageUrl(chicago.candidateId, tests), admin);
      expect(res.statusCode, tests).toBe(400);
      expect(res.json().message).toBe("Name the assigned tests as a list of positive whole numbers (at most 10).");
    }
    expect((await get(`${PAGE}/abc?assigned_tests=${proctored}`, admin)).json().message).toBe("The candidate id must be a positive whole number.");
  });
});

describe("available times: bad input", () => {
  it("answers 400 with the message", async () => {
    const admin = cookies["admin@northwind.example"];
    const cases: [object, string][] = [
      [{ date: "2030-02-30" }, "The date must be a date such as 2026-03-09."],
      [{ duration: 30 }, "The duration must be the tests' total duration in minutes."],
      [{ duration: "60" }, "The duration must be the tests' total duration in minutes."],
      [{ timeZone: 5 }, "Choose one of the offered time zones."],
      [{ assignedTestIds: [] }, "Name the assigned tests as a list of positive whole numbers (at most 10)."],
      [{ candidateProfileId: -1 }, "The candidate id must be a positive whole number."],
    ];
    for (const [over, message] of cases) {
      const res = await post(TIMES, timesBody(over), admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe("confirm: bad input changes nothing", () => {
  it("answers 400 with the message and books nothing", async () => {
    const admin = cookies["admin@northwind.example"];
    const before = await t.ctx.db.select().from(proctoringReservations);
    const base = { date: "2030-01-07", time: "09:00", cost: 2300, candidateProfileId: chicago.candidateId, assignedTestIds: [proctored] };
    const cases: [object, string][] = [
      [{ time: "25:00" }, "The start time must be a time such as 09:30."],
      [{ cost: 23.5 }, "The cost must be a whole number of cents."],
      [{ cost: -1 }, "The cost must be a whole number of cents."],
      [{ time: undefined }, "Choose a date and a time to reserve, or let the candidate schedule."],
      [{ assignOnly: "yes" }, "The field assignOnly must be true or false."],
      [{ testIds: ["x"] }, "The test ids must be a list of positive whole numbers."],
      [{ testIds: [999999] }, "The test ids do not match the assigned tests."],
    ];
    for (const [over, message] of cases) {
      const res = await post(CONFIRM, { ...base, ...over }, admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.ctx.db.select().from(proctoringReservations)).toEqual(before);
  });
});

describe("contact details", () => {
  it("shows the Candidate Contact Details to staff and to the candidate (editingSelf)", async () => {
    for (const cookie of [cookies["admin@northwind.example"], chicago.cookie]) {
      const res = await get(`${CONTACT}/${chicago.candidateId}?assigned_tests=${proctored}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json() as ProctorContactDetails;
      expect(data).toMatchObject({ id: chicago.candidateId, phoneNumber: "617-555-0100", state: "MA", timeZone: 23, tests: ["English Reading Proficiency (Proctored)"], assignedTests: [proctored] });
      expect(data.regions).toHaveLength(51);
      expect(data.timeZones.map((z) => z.id)).toEqual([23, 22, 21, 20]);
      expect(data.editingSelf).toBe(cookie === chicago.cookie);
    }
  });

  it("UPDATE CANDIDATE saves every field; a missing or bad one answers 400 and changes nothing", async () => {
    const admin = cookies["admin@northwind.example"];
    const stored = async () => (await t.ctx.db.select().from(candidates).where(eq(candidates.id, chicago.candidateId)))[0];
    const before = await stored();
    const cases: [object, string][] = [
      [{ phoneNumber: "" }, "Please provide a phone number for proctored tests."],
      [{ phoneNumber: "12" }, "Please enter a phone number with at least 7 digits."],
      [{ streetAddress: "  " }, "Please provide a street address for proctored tests."],
      [{ city: undefined }, "Please provide a city for proctored tests."],
      [{ state: "XX" }, "Please select a state from the list."],
      [{ postalCode: "ABCDE" }, "Please enter a ZIP code such as 02110 or 02110-1234."],
      [{ timeZone: 99 }, "Choose one of the offered time zones."],
      [{ city: "x".repeat(126) }, "City must be at most 125 characters."],
    ];
    for (const [over, message] of cases) {
      const res = await post(EDIT_CONTACT, { id: chicago.candidateId, ...CONTACT_FIELDS, ...over }, admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await stored()).toEqual(before);
    for (const [cookie, status] of [[cookies["admin@contoso.example"], 404], [cookies["office.user@northwind.example"], 404], [cookies["candidate@northwind.example"], 404]] as const)
      expect((await post(EDIT_CONTACT, { id: chicago.candidateId, ...CONTACT_FIELDS, city: "Elsewhere" }, cookie)).statusCode).toBe(status);
    expect(await stored()).toEqual(before);
    const ok = await post(EDIT_CONTACT, { id: chicago.candidateId, ...CONTACT_FIELDS, city: "Chicago", state: "IL", postalCode: "60601-1234", timeZone: 22 }, chicago.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe("The candidate's contact details have been updated.");
    expect(await stored()).toMatchObject({ city: "Chicago", state: "IL", postalCode: "60601-1234", timeZoneId: 22, firstName: before.firstName });
  });
});

describe("proctoring terms", () => {
  it("are accepted once per user; accept must be true", async () => {
    const cookie = cookies["user@northwind.example"];
    expect((await get(TERMS, cookie)).json()).toEqual({ accepted: false, acceptedAt: null });
    const bad = await post(ACCEPT, { accept: false }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please accept the proctoring terms of service to continue.");
    expect((await get(TERMS, cookie)).json().accepted).toBe(false);
    const first = await post(ACCEPT, { accept: true }, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe("You have accepted the proctoring terms of service.");
    const again = await post(ACCEPT, { accept: true }, cookie);
    expect(again.json().acceptedAt).toBe(first.json().acceptedAt);
    expect((await get(TERMS, cookie)).json()).toEqual({ accepted: true, acceptedAt: first.json().acceptedAt });
    expect((await t.ctx.db.select().from(proctorTermsAcceptances)).length).toBe(1);
    // Someone else's acceptance is theirs alone.
    expect((await get(TERMS, cookies["admin@contoso.example"])).json().accepted).toBe(false);
  });
});
