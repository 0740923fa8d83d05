import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, desc, eq } from "drizzle-orm";
import { INTERPRETATION_DESK, INTERPRETATION_REQUESTS_PER_HOUR, interpretationMessages, specMessages } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { interpretationRequests, mailOutbox } from "../db/schema.js";

/** POST /api/interpretation_requests/submit_request (evaluators-results-account.md §5, §7, §8; issue 16 point 5). */
let t: TestApp;
const URL = "/api/interpretation_requests/submit_request";
const cookies: Record<string, string> = {};
const WHO = ["admin@northwind.example", "user@northwind.example", "office.user@northwind.example", "admin@contoso.example", "candidate@northwind.example", "admin@parlance.example", "evaluator@parlance.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of WHO) cookies[email] = await t.signIn(email);
}, 60_000);
afterAll(() => t?.close());

let n = 0;
const key = () => `form-${Date.now()}-${n++}-abcdefgh`;
const base = () => ({ key: key(), requested_languages: "Spanish", assignment_dates: "2026-12-03", assignment_times: "9:00 AM", assignment_duration: "2 hours" });
const f2f = () => ({
  ...base(),
  form_type: "F2F",
  interpretation_type: "Consecutive",
  assignment_address_street1: "1 Main St",
  assignment_address_city: "Boston",
  assignment_address_state: "MA",
  assignment_address_zip: "02110",
  is_parking_available: true,
});
const submit = (body: unknown, who = "admin@northwind.example") => t.request({ method: "POST", url: URL, cookie: cookies[who], body });
const stored = async () => (await t.ctx.db.select({ n: count() }).from(interpretationRequests))[0]!.n;
const mails = async () => (await t.ctx.db.select({ n: count() }).from(mailOutbox))[0]!.n;
const lastRequest = async () => (await t.ctx.db.select().from(interpretationRequests).orderBy(desc(interpretationRequests.id)).limit(1))[0]!;

describe("submitting a request", () => {
  it("stores a face-to-face request with its address and format, mails it to the desk once, and answers the spec's message", async () => {
    const [before, mailsBefore] = [await stored(), await mails()];
    const body = { ...f2f(), skillset_required: "Legal", is_certification_required: true, assignment_description: "Deposition", onsite_contact_name: "Ana", onsite_contact_cell: "617-555-0100" };
    const res = await submit(body);
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, message: "Your request has been submitted" }]);
    const row = await lastRequest();
    expect(row.formType).toBe("F2F");
    expect(row.request).toMatchObject({ interpretation_type: "Consecutive", assignment_address_city: "Boston", is_parking_available: true, is_certification_required: true });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.mailId!));
    expect(mail!.toAddress).toBe(INTERPRETATION_DESK.email);
    expect(mail!.textBody).toContain("Address: 1 Main St");
    expect(mail!.textBody).toContain("Certification required: Yes");
    expect(mail!.textBody).toContain("admin@northwind.example");
    // The same form sent again (a double click, a retry) is the same request: stored and mailed once.
    expect((await submit(body)).statusCode).toBe(200);
    expect([await stored(), await mails()]).toEqual([before + 1, mailsBefore + 1]);
  });

  it("drops what a form type does not ask for: the address, parking and format away from face-to-face, certification for None and Medical", async () => {
    for (const form_type of ["OPI", "VRI", "RSI"]) {
      const res = await submit({ ...f2f(), form_type, assignment_time_zone: "America/Chicago", skillset_required: "Medical", is_certification_required: true });
      expect(res.statusCode, form_type).toBe(200);
      const row = await lastRequest();
      expect(row.request, form_type).toMatchObject({ form_type, interpretation_type: "", assignment_address_street1: "", assignment_address_zip: "", is_parking_available: false, is_certification_required: false });
      const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.mailId!));
      expect(mail!.textBody).not.toContain("Address:");
      expect(mail!.textBody).not.toContain("Certification");
    }
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const before = [await stored(), await mails()];
    const cases: [unknown, string][] = [
      [{ ...base(), form_type: "OPI" }, interpretationMessages.timeZoneRequired],
      [{ ...f2f(), interpretation_type: "" }, interpretationMessages.formatRequired],
      [{ ...f2f(), assignment_address_city: "" }, interpretationMessages.addressRequired],
      [{ ...f2f(), assignment_address_zip: "ABCDE" }, interpretationMessages.badZip],
      [{ ...f2f(), assignment_address_state: "ZZ" }, ""],
      [{ ...f2f(), requested_languages: "" }, specMessages.requiredFieldMissing],
      [{ ...f2f(), assignment_duration: "   " }, specMessages.requiredFieldMissing],
      [{ ...f2f(), requested_languages: "x".repeat(126) }, interpretationMessages.tooLong],
      [{ ...f2f(), onsite_contact_name: "x".repeat(126) }, interpretationMessages.tooLong],
      [{ ...f2f(), form_type: "Carrier pigeon" }, specMessages.requiredFieldMissing],
      [{ ...f2f(), skillset_required: "Astrology" }, specMessages.requiredFieldMissing],
      [{ ...f2f(), key: "short" }, specMessages.requiredFieldMissing],
      [{ ...f2f(), assignment_time_zone: "Mars/Olympus" }, ""],
      [[], ""],
      ["text", ""],
    ];
    for (const [body, message] of cases) {
      const res = await submit(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    // 125 characters is the limit itself: accepted.
    expect((await submit({ ...f2f(), requested_languages: "x".repeat(125) })).statusCode).toBe(200);
    expect([await stored(), await mails()]).toEqual([before[0]! + 1, before[1]! + 1]);
  });
});

describe("who may submit", () => {
  it("client users of an account with interpretation; not signed in 401; an account without it, a candidate and the provider's staff 403", async () => {
    for (const who of ["user@northwind.example", "office.user@northwind.example"]) expect((await submit(f2f(), who)).statusCode, who).toBe(200);
    expect((await t.request({ method: "POST", url: URL, body: f2f() })).statusCode).toBe(401);
    for (const who of ["admin@contoso.example", "candidate@northwind.example", "admin@parlance.example", "evaluator@parlance.example"]) {
      const before = await stored();
      expect((await submit(f2f(), who)).statusCode, who).toBe(403);
      expect(await stored(), who).toBe(before);
    }
  });

  it(`refuses more than ${INTERPRETATION_REQUESTS_PER_HOUR} requests an hour from one user (429)`, async () => {
    const who = "office.user@northwind.example";
    let last = 200;
    for (let i = 0; i < INTERPRETATION_REQUESTS_PER_HOUR + 1 && last === 200; i++) last = (await submit(f2f(), who)).statusCode;
    const res = await submit(f2f(), who);
    expect([res.statusCode, res.json().message]).toEqual([429, interpretationMessages.tooMany]);
  });
});
