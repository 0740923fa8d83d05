import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import { createTestApp, type TestApp } from "../test/harness.js";
import { Role } from "@parlance/contract";
import { assignedTests, candidates, healthcareRoles, healthcareSpecialties, mailOutbox, users } from "../db/schema.js";
import { csvOf, ndjson, postFile, repeated, sheetWorkbook, wideRowWorkbook, xlsxOf, zipBomb } from "./test-files.js";

/** Bulk upload: good, mixed and hostile files, each role, another account. */
let t: TestApp;
const cookie: Record<string, string> = {};
let role = "";
let specialty = "";
let northwind: number;

const HEADER = ["Last Name", "First Name", "Email", "Office", "Health Care Role", "Health Care Specialty", "Test Group", "Test", "Method", "Notes"];
const row = (last: string, first: string, email: string, office: string, test: string, extra: Partial<{ group: string; method: string; notes: string; role: string }> = {}) => [
  last,
  first,
  email,
  office,
  extra.role ?? role,
  specialty,
  extra.group ?? "",
  test,
  extra.method ?? "",
  extra.notes ?? "",
];
const READING = "English Reading Proficiency";
const LIVE = "Spanish Listening and Speaking (Live)";
const WITH_ROLES = { template_type: "regular_with_roles", notify_candidates: "true" };

const candidateCount = async () => (await t.ctx.db.select({ n: count() }).from(candidates))[0]!.n;
const assignedCount = async () => (await t.ctx.db.select({ n: count() }).from(assignedTests))[0]!.n;
const confirm = (c: string, data: string) => t.request({ method: "POST", url: "/testing/candidates/confirm", cookie: c, body: { data } });

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  northwind = t.ids.accounts.northwind;
  for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example"]) {
    cookie[email] = await t.signIn(email);
  }
  const [r] = await t.ctx.db
    .select({ role: healthcareRoles.name, specialty: healthcareSpecialties.name })
    .from(healthcareRoles)
    .innerJoin(healthcareSpecialties, eq(healthcareSpecialties.roleId, healthcareRoles.id))
    .limit(1);
  role = r!.role;
  specialty = r!.specialty;
}, 120_000);
afterAll(() => t?.close());

describe("a good file", () => {
  it("CSV with a byte-order mark, semicolons, CRLF, Chinese and Arabic names: previewed, then imported in one go with access codes and mails", async () => {
    const file = csvOf([
      HEADER,
      row("王", "小明", "wang.upload@example.com", "Boston", READING),
      row("الهاشمي", "ليلى", "leila.upload@example.com", "Chicago", LIVE, { method: "Live" }),
      row("O'Neil", "Pat", "", "Boston", READING, { notes: "=HYPERLINK(\"http://evil\")" }),
    ]);
    const before = await candidateCount();
    const res = await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], { name: "people.csv", bytes: file }, WITH_ROLES);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.errors).toEqual([]);
    expect(preview.warnings).toEqual([{ row: 4, msg: "Row 4: No email address: this candidate will not be notified.", messageKey: "upload.messages.noEmailNotified" }]);
    expect(preview.totalAssignments).toBe(3);
    expect(preview.isExcel).toBe(false);
    expect(preview.assignments.map((a: { lastName: string }) => a.lastName)).toEqual(["王", "الهاشمي", "O'Neil"]);
    expect(preview.assignments[1].method).toBe("Live");
    expect(await candidateCount()).toBe(before);

    const done = await confirm(cookie["admin@northwind.example"], preview.data);
    expect(done.statusCode, done.body).toBe(200);
    const confirmation = done.json();
    expect(confirmation).toMatchObject({ assignments: 3, candidatesNotified: 2, candidatesCreated: 3, errors: [], size: 3, groupKey: null });
    expect(await candidateCount()).toBe(before + 3);
    const [pat] = await t.ctx.db.select().from(candidates).where(eq(candidates.lastName, "O'Neil"));
    expect(pat!.clientNotes).toBe('=HYPERLINK("http://evil")');
    // Each new candidate has a candidate sign-in of their own (access codes sign them in).
    const [patUser] = await t.ctx.db.select().from(users).where(eq(users.id, pat!.userId!));
    expect(patUser!.roles).toEqual([Role.Candidate, Role.User]);
    expect(patUser!.email).toMatch(/@no-email\.invalid$/);
    const [wangRow] = await t.ctx.db.select().from(candidates).where(eq(candidates.email, "wang.upload@example.com"));
    const [wangUser] = await t.ctx.db.select().from(users).where(eq(users.id, wangRow!.userId!));
    expect([wangUser!.email, wangUser!.lastName, wangUser!.language]).toEqual(["wang.upload@example.com", "王", "en-US"]);
    const mails = await t.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, ["wang.upload@example.com", "leila.upload@example.com"]));
    expect(mails).toHaveLength(2);

    // Confirmed once only; the download lists every test with its access code, formulas defused.
    expect((await confirm(cookie["admin@northwind.example"], preview.data)).statusCode).toBe(409);
    const file2 = await t.request({ method: "GET", url: `/testing/candidates/download_assignments?data=${preview.data}`, cookie: cookie["admin@northwind.example"] });
    expect(file2.statusCode).toBe(200);
    expect(file2.headers["content-type"]).toContain("spreadsheetml");
    const sheet = await readSheet(file2.rawPayload);
    expect(sheet[0]).toContain("Access Code");
    expect(sheet).toHaveLength(4);
    const codes = sheet.slice(1).map((r) => r[9]);
    const stored = await t.ctx.db.select({ code: assignedTests.accessCode }).from(assignedTests).where(inArray(assignedTests.accessCode, codes as string[]));
    expect(stored).toHaveLength(3);
    // The new candidates are found by the candidates search.
    const search = await t.request({ method: "POST", url: "/api/candidates/search", cookie: cookie["admin@northwind.example"], body: { query: "leila.upload", page: 1 } });
    expect(search.json().itemCount).toBe(1);
  });

  it("a second upload of the same email matches the candidate instead of duplicating it", async () => {
    const file = await xlsxOf([HEADER, row("Wang", "Xiaoming", "WANG.upload@example.com", "", READING)]);
    const before = await candidateCount();
    const res = await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], { name: "again.xlsx", bytes: file }, WITH_ROLES);
    const preview = res.json();
    expect(preview.isExcel).toBe(true);
    expect(preview.warnings[0].msg).toBe("Row 2: An existing candidate with this email is given the test; their details are not changed.");
    expect(preview.assignments[0].existing).toBe(true);
    const done = (await confirm(cookie["admin@northwind.example"], preview.data)).json();
    expect(done).toMatchObject({ assignments: 1, candidatesCreated: 0 });
    expect(await candidateCount()).toBe(before);
    const [wang] = await t.ctx.db.select().from(candidates).where(eq(candidates.email, "wang.upload@example.com"));
    expect(wang!.lastName).toBe("王");
  });

  it("answers the totals and the first page of each list; the other pages come from preview_page, in row order, the caller's own only", async () => {
    // 130 rows: rows 2..71 good (70), rows 72..131 without a first name (60 errors, one each).
    const rows = [HEADER, ...Array.from({ length: 130 }, (_, i) => row(`Paged${i}`, i < 70 ? "Pat" : "", `paged${i}@example.com`, "Boston", READING))];
    const res = await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], { name: "paged.csv", bytes: csvOf(rows, ",") }, WITH_ROLES);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ totalRows: 130, totalValid: 70, totalAssignments: 70, totalErrors: 60, totalWarnings: 0 });
    expect(preview.assignments.map((a: { row: number }) => a.row)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    expect(preview.errors.map((e: { row: number }) => e.row)).toEqual(Array.from({ length: 50 }, (_, i) => i + 72));
    const page = (list: string, n: number, c = cookie["admin@northwind.example"]) => t.request({ method: "GET", url: `/testing/candidates/preview_page?data=${preview.data}&list=${list}&page=${n}`, cookie: c });
    const second = (await page("assignments", 2)).json();
    expect(second).toMatchObject({ list: "assignments", page: 2, total: 70 });
    expect(second.assignments.map((a: { row: number }) => a.row)).toEqual(Array.from({ length: 20 }, (_, i) => i + 52));
    const errors2 = (await page("errors", 2)).json();
    expect(errors2.total).toBe(60);
    expect(errors2.messages.map((e: { msg: string }) => e.msg)).toEqual(Array.from({ length: 10 }, (_, i) => `Row ${i + 122}: Please provide a first name.`));
    expect((await page("warnings", 1)).json()).toMatchObject({ total: 0, messages: [] });
    expect((await page("errors", 2, cookie["admin@contoso.example"])).statusCode).toBe(404);
    const done = (await confirm(cookie["admin@northwind.example"], preview.data)).json();
    expect(done).toMatchObject({ assignments: 70, candidatesCreated: 70, totalErrors: 60 });
    expect(done.errors).toHaveLength(50);
    expect((await page("assignments", 1)).statusCode).toBe(404);
  });

  it("streams progress lines, then the answer, when asked for NDJSON; create_group names the upload's tests", async () => {
    const rows = [HEADER, ...Array.from({ length: 2_500 }, (_, i) => row(`Stream${i}`, "Sam", `stream${i}@example.com`, "Seattle", READING))];
    const res = await postFile(t, "/testing/candidates/preview", cookie["user@northwind.example"], { name: "big.csv", bytes: csvOf(rows, ",") }, { ...WITH_ROLES, create_group: "true", notify_candidates: "false" }, "application/x-ndjson");
    expect(res.headers["content-type"]).toContain("application/x-ndjson");
    const lines = ndjson(res.body);
    expect(lines.some((l) => l.progress?.phase === "checking")).toBe(true);
    const preview = lines.at(-1)!.result as { data: string; totalAssignments: number; errors: unknown[] };
    expect(preview.totalAssignments).toBe(2_500);
    const done = await t.app.inject({
      method: "POST",
      url: "/testing/candidates/confirm",
      headers: { origin: "http://localhost:3000", cookie: cookie["user@northwind.example"], "content-type": "application/json", accept: "application/x-ndjson" },
      payload: JSON.stringify({ data: preview.data }),
    });
    const out = ndjson(done.body);
    expect(out.some((l) => l.progress?.phase === "importing")).toBe(true);
    expect(out.at(-1)!.result).toMatchObject({ assignments: 2_500, candidatesNotified: 0, size: 2_500 });
    expect((out.at(-1)!.result as { groupKey: string }).groupKey).toMatch(/^[a-f0-9]{32}$/);
  });
});

describe("a mixed file", () => {
  it("reports each problem as 'Row N: message', errors and warnings apart, and imports only the valid rows", async () => {
    const file = await xlsxOf([
      HEADER,
      row("Good", "Gina", "gina.mixed@example.com", "Boston", READING),
      row("", "", "nameless@example.com", "Boston", READING),
      row("Both", "Bo", "both@example.com", "Boston", READING, { group: "Anything" }),
      row("None", "Nia", "none@example.com", "Boston", ""),
      row("Foreign", "Fay", "fay@example.com", "Headquarters", READING),
      row("Live", "Liv", "", "Boston", LIVE),
      row("Long", "L".repeat(100_000), "long@example.com", "Boston", READING),
      row("Method", "Mo", "mo@example.com", "Boston", READING, { method: "Carrier pigeon" }),
      row("Staff", "Sta", "admin@contoso.example", "Boston", READING),
      row("Nowhere", "Ned", "ned@example.com", "Boston", "No Such Test"),
    ]);
    const before = await assignedCount();
    const res = await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], { name: "mixed.xlsx", bytes: file }, WITH_ROLES);
    expect(res.statusCode, res.body).toBe(200);
    const { errors, assignments, data, totalAssignments } = res.json();
    const msgs = errors.map((e: { msg: string }) => e.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        "Row 3: Please provide a first name.",
        "Row 3: Please provide a last name.",
        "Row 4: Must have exactly one ID",
        "Row 5: Must have exactly one ID",
        "Row 6: Office 'Headquarters' was not found.",
        "Row 7: An email address is needed for live and video tests.",
        "Row 8: First Name must be at most 125 characters.",
        "Row 9: Method must be IVR, Live or Video.",
        "Row 10: This email address cannot be used for a candidate.",
        "Row 11: Test 'No Such Test' was not found.",
      ]),
    );
    expect(errors.every((e: { row: number; msg: string }) => e.msg.startsWith(`Row ${e.row}: `))).toBe(true);
    // Each message carries its i18n key: the screens translate it.
    expect(errors.find((e: { msg: string }) => e.msg === "Row 3: Please provide a first name.").messageKey).toBe("candidates.messages.firstNameRequired");
    expect(errors.find((e: { msg: string }) => e.msg.startsWith("Row 8:")).values).toEqual({ column: "First Name" });
    expect(errors.every((e: { messageKey?: string }) => typeof e.messageKey === "string")).toBe(true);
    expect(assignments.map((a: { row: number }) => a.row)).toEqual([2]);
    expect(totalAssignments).toBe(1);
    const done = (await confirm(cookie["admin@northwind.example"], data)).json();
    expect(done.assignments).toBe(1);
    expect(done.errors.length).toBe(errors.length);
    expect(await assignedCount()).toBe(before + 1);
  });

  it("medical uploads need both acknowledgements", async () => {
    const file = await xlsxOf([[...HEADER, "Test Language"], [...row("Med", "Mia", "mia@example.com", "Boston", READING), "Spanish"]]);
    const refused = await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], { name: "m.xlsx", bytes: file }, { template_type: "medical", override_medical_upload: "true" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("medical_pricing_acknowledgement");
    const ok = await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], { name: "m.xlsx", bytes: file }, { template_type: "medical", override_medical_upload: "true", medical_pricing_acknowledgement: "on" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().errors).toEqual([]);
  });
});

describe("hostile files change nothing", () => {
  const cases: [string, () => Promise<{ name: string; bytes: Buffer }>, number, string][] = [
    ["wrong extension", async () => ({ name: "people.txt", bytes: Buffer.from("Last Name,First Name\nA,B\n") }), 400, "Only .csv and .xlsx files can be uploaded."],
    ["a renamed binary .xlsx", async () => ({ name: "photo.xlsx", bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) }), 400, "The file is not a readable .xlsx workbook."],
    ["a renamed binary .csv", async () => ({ name: "photo.csv", bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0xfe, 0]) }), 400, "The file is not a readable CSV text file."],
    ["an empty file", async () => ({ name: "empty.csv", bytes: Buffer.alloc(0) }), 400, "The file is empty."],
    ["a sheet with no header", async () => ({ name: "nohead.xlsx", bytes: await xlsxOf([["Smith", "John", "j@example.com"]]) }), 400, "The first row must name the columns"],
    ["a header without rows", async () => ({ name: "head.csv", bytes: csvOf([HEADER]) }), 400, "The file has no rows below its header."],
    ["a zip bomb whose entry lies about its size", async () => ({ name: "bomb.xlsx", bytes: zipBomb(20 * 1024 * 1024, 1_000) }), 413, "unpacks to more data"],
    ["a zip bomb that declares 4 GB", async () => ({ name: "bomb2.xlsx", bytes: zipBomb(1_000, 0xffffffff) }), 413, "unpacks to more data"],
    // Issue 24: one row of a million cells without r= (the had seven million): refused at its 1,025th cell.
    ["a workbook row of a million cells", async () => ({ name: "wide.xlsx", bytes: wideRowWorkbook(1_000_000) }), 422, "A row of the file has more than 64 columns."],
    ["a value in the 65th column", async () => ({ name: "wide65.xlsx", bytes: sheetWorkbook(Buffer.from(`<row><c r="A2" t="inlineStr"><is><t>Smith</t></is></c><c r="BM2"><v>1</v></c></row>`)) }), 422, "more than 64 columns"],
    ["a CSV line of a million cells", async () => ({ name: "wide.csv", bytes: Buffer.concat([Buffer.from("Last Name,First Name\r\n"), repeated(",", 1_000_000)]) }), 422, "more than 64 columns"],
    // 2,600 rows of 1,000 empty cells: under the row's limit, over the file's.
    ["2.6 million cells", async () => ({ name: "cells.xlsx", bytes: sheetWorkbook(repeated(`<row>${"<c/>".repeat(1_000)}</row>`, 2_600)) }), 413, "more than 2,500,000 cells"],
    ["50 MB", async () => ({ name: "huge.csv", bytes: Buffer.alloc(50 * 1024 * 1024, 0x41) }), 413, "larger than 20 MB"],
  ];
  for (const [label, make, status, message] of cases) {
    it(`${label}: ${status} with a message`, async () => {
      const before = [await candidateCount(), await assignedCount()];
      const res = await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], await make(), WITH_ROLES);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(message);
      expect([await candidateCount(), await assignedCount()]).toEqual(before);
    });
  }

  it("no file, or JSON instead of a form: 400", async () => {
    expect((await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], null, WITH_ROLES)).statusCode).toBe(400);
    const json = await t.request({ method: "POST", url: "/testing/candidates/preview", cookie: cookie["admin@northwind.example"], body: {} });
    expect(json.statusCode).toBe(400);
  });

  it("a bad template type or a bad key: 400", async () => {
    expect((await postFile(t, "/testing/candidates/preview", cookie["admin@northwind.example"], { name: "a.csv", bytes: csvOf([HEADER]) }, { template_type: "weird" })).statusCode).toBe(400);
    expect((await confirm(cookie["admin@northwind.example"], "not-a-key")).statusCode).toBe(400);
  });
});

describe("roles and tenants", () => {
  const file = () => csvOf([HEADER, row("Office", "Olga", "olga.office@example.com", "", READING), row("Other", "Otto", "otto.office@example.com", "Chicago", READING)]);

  it("signed out 401, a candidate 403", async () => {
    expect((await postFile(t, "/testing/candidates/preview", undefined, { name: "a.csv", bytes: file() }, WITH_ROLES)).statusCode).toBe(401);
    expect((await postFile(t, "/testing/candidates/preview", cookie["candidate@northwind.example"], { name: "a.csv", bytes: file() }, WITH_ROLES)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/testing/candidates/download_test_template?template_type=medical", cookie: cookie["candidate@northwind.example"] })).statusCode).toBe(403);
  });

  for (const who of ["office.user@northwind.example", "office.admin@northwind.example"]) {
    it(`${who}: their office only; another office is that row's error, not a leak`, async () => {
      const res = await postFile(t, "/testing/candidates/preview", cookie[who], { name: "a.csv", bytes: file() }, WITH_ROLES);
      const preview = res.json();
      expect(preview.errors).toEqual([{ row: 3, msg: "Row 3: Office 'Chicago' was not found.", messageKey: "upload.messages.officeNotFound", values: { value: "Chicago" } }]);
      expect(preview.assignments[0].office).toBe("Boston");
    });
  }

  it("another user, or another account, cannot confirm or download an upload (404)", async () => {
    const preview = (await postFile(t, "/testing/candidates/preview", cookie["office.user@northwind.example"], { name: "a.csv", bytes: file() }, WITH_ROLES)).json();
    expect((await confirm(cookie["admin@contoso.example"], preview.data)).statusCode).toBe(404);
    expect((await confirm(cookie["user@northwind.example"], preview.data)).statusCode).toBe(404);
    expect((await confirm(cookie["office.user@northwind.example"], preview.data)).json().assignments).toBe(1);
    const [olga] = await t.ctx.db.select().from(candidates).where(eq(candidates.email, "olga.office@example.com"));
    expect(olga!.officeId).toBe(t.ids.offices.northwind[0]);
    const dl = await t.request({ method: "GET", url: `/testing/candidates/download_assignments?data=${preview.data}`, cookie: cookie["admin@contoso.example"] });
    expect(dl.statusCode).toBe(404);
  });

  it("Contoso cannot use Northwind's offices or reach its candidates by email", async () => {
    const res = await postFile(t, "/testing/candidates/preview", cookie["admin@contoso.example"], { name: "c.csv", bytes: csvOf([["Last Name", "First Name", "Email", "Office", "Test"], ["Wang", "X", "wang.upload@example.com", "Boston", READING]]) }, {});
    const preview = res.json();
    expect(preview.errors.map((e: { msg: string }) => e.msg)).toContain("Row 2: Office 'Boston' was not found.");
    expect(preview.warnings).toEqual([]);
  });
});

describe("changes and templates", () => {
  it("a changes file updates existing candidates by Candidate ID; another office's is that row's error", async () => {
    const [pat] = await t.ctx.db.select().from(candidates).where(and(eq(candidates.accountId, northwind), eq(candidates.lastName, "O'Neil")));
    const [chicago] = await t.ctx.db.select().from(candidates).where(eq(candidates.email, "leila.upload@example.com"));
    const file = csvOf([["Candidate ID", "Notes", "Employee ID"], [String(pat!.id), "Changed by upload", "E-77"], [String(chicago!.id), "x", ""]], ",");
    const asOffice = (await postFile(t, "/testing/candidates/changes", cookie["office.user@northwind.example"], { name: "c.csv", bytes: file })).json();
    expect(asOffice.errors).toEqual([{ row: 3, msg: `Row 3: Candidate '${chicago!.id}' was not found.`, messageKey: "upload.messages.candidateNotFound", values: { value: String(chicago!.id) } }]);
    const preview = (await postFile(t, "/testing/candidates/changes", cookie["admin@northwind.example"], { name: "c.csv", bytes: file })).json();
    expect(preview.errors).toEqual([]);
    const done = (await confirm(cookie["admin@northwind.example"], preview.data)).json();
    expect(done).toMatchObject({ kind: "changes", candidatesUpdated: 2, assignments: 0 });
    const [after] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, pat!.id));
    expect([after!.clientNotes, after!.employeeId, after!.lastName]).toEqual(["Changed by upload", "E-77", "O'Neil"]);
  });

  it("the three templates download as workbooks with their columns", async () => {
    for (const [type, column] of [["medical", "Test Language"], ["regular_with_roles", "Health Care Role"], ["regular_without_roles", "Test Group"]]) {
      const res = await t.request({ method: "GET", url: `/testing/candidates/download_test_template?template_type=${type}`, cookie: cookie["office.user@northwind.example"] });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain(`${type}_template.xlsx`);
      const [header] = await readSheet(res.rawPayload);
      expect(header).toContain(column);
      expect(header).toContain("Last Name");
    }
    const bad = await t.request({ method: "GET", url: "/testing/candidates/download_test_template?template_type=other", cookie: cookie["admin@northwind.example"] });
    expect(bad.statusCode).toBe(400);
    expect(sql).toBeDefined();
  });
});
