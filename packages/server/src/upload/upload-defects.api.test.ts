import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import { TEMPLATE_COLUMNS, UPLOAD_COLUMNS } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { candidates } from "../db/schema.js";
import { csvOf, postFile, wideRowWorkbook, xlsxOf } from "./test-files.js";

/**
 * Issue 23's upload defects (each failed before its fix) and issue 24's busy server: Northwind is
 * a medical account; its default template (regular_without_roles) has no role columns.
 */
let t: TestApp;
let admin = "";
let other = "";
const READING = "English Reading Proficiency";
const headerOf = (type: keyof typeof TEMPLATE_COLUMNS) => TEMPLATE_COLUMNS[type].map((f) => UPLOAD_COLUMNS[f]);
const confirm = (cookie: string, data: string) => t.request({ method: "POST", url: "/testing/candidates/confirm", cookie, body: { data } });
const state = (cookie: string, data: string) => t.request({ method: "GET", url: `/testing/candidates/upload_state?data=${data}`, cookie });

beforeAll(async () => {
  t = await createTestApp({ jobs: false, config: { uploadReads: { slots: 1, queue: 0 } } });
  admin = await t.signIn("admin@northwind.example");
  other = await t.signIn("user@northwind.example");
}, 120_000);
afterAll(() => t?.close());

/** A row of the default template: Last, First, Middle, Email, Employee ID, Office, Language, Test Group, Test, Method, Notes… */
function defaultRow(last: string, email: string, cells: Partial<Record<"group" | "test" | "notes", string | Date>>) {
  const header = headerOf("regular_without_roles");
  const row: (string | Date)[] = header.map(() => "");
  row[header.indexOf("Last Name")] = last;
  row[header.indexOf("First Name")] = "Pat";
  row[header.indexOf("Email")] = email;
  row[header.indexOf("Office")] = "Boston";
  row[header.indexOf("Test Group")] = cells.group ?? "";
  row[header.indexOf("Test")] = cells.test ?? "";
  row[header.indexOf("Notes")] = cells.notes ?? "";
  return row;
}

describe("a medical account's default template", () => {
  it("imports its rows (no role asked where the template has none); a row's date cell is the date; assignments.xlsx gives the file's rows; the state route answers the preview, then the confirmation", async () => {
    const header = headerOf("regular_without_roles");
    const file = await xlsxOf([
      header,
      defaultRow("Default", "default.one@example.com", { test: READING, notes: new Date(Date.UTC(2024, 2, 5)) }),
      [],
      defaultRow("Broken", "", { test: "No such test" }),
      defaultRow("Default", "default.two@example.com", { test: READING }),
    ]);
    const res = await postFile(t, "/testing/candidates/preview", admin, { name: "default.xlsx", bytes: file }, {});
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    // Before: every row failed "Please select a health care role.", and the date read 45356.
    expect(preview.errors.map((e: { msg: string }) => e.msg)).toEqual(["Row 4: Test 'No such test' was not found."]);
    expect(preview.assignments.map((a: { row: number; clientNotes: string }) => [a.row, a.clientNotes])).toEqual([
      [2, "2024-03-05"],
      [5, ""],
    ]);

    // A reload of the preview page reads it back by its key; not another user's.
    expect((await state(admin, preview.data)).json()).toEqual({ preview, confirmation: null });
    expect((await state(other, preview.data)).statusCode).toBe(404);

    const done = await confirm(admin, preview.data);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().assignments).toBe(2);
    expect((await state(admin, preview.data)).json()).toEqual({ preview: null, confirmation: done.json() });

    const sheet = await readSheet((await t.request({ method: "GET", url: `/testing/candidates/download_assignments?data=${preview.data}`, cookie: admin })).rawPayload);
    // Before: 1 and 2 (the download's own count), not the rows of the file.
    expect(sheet.slice(1).map((r) => [r[0], r[4]])).toEqual([
      [2, "default.one@example.com"],
      [5, "default.two@example.com"],
    ]);
  });

  it("a template with roles still asks for the role", async () => {
    const values: Record<string, string> = { "Last Name": "Roleless", "First Name": "Ray", Office: "Boston", Test: READING };
    const file = csvOf([headerOf("regular_with_roles"), headerOf("regular_with_roles").map((h) => values[h] ?? "")]);
    const preview = (await postFile(t, "/testing/candidates/preview", admin, { name: "roles.csv", bytes: file }, { template_type: "regular_with_roles" })).json();
    expect(preview.errors.map((e: { msg: string }) => e.msg)).toEqual(["Row 2: Please select a health care role."]);
  });

  it("a changes file changes a candidate without a role (before: 'Please select a health care role.' whatever it changed)", async () => {
    const [roleless] = await t.ctx.db
      .select()
      .from(candidates)
      .where(and(eq(candidates.accountId, t.ids.accounts.northwind), eq(candidates.email, "default.one@example.com"), isNull(candidates.healthCareRoleId)));
    const file = csvOf([["Candidate ID", "Notes"], [String(roleless!.id), "Changed without a role"]], ",");
    const preview = (await postFile(t, "/testing/candidates/changes", admin, { name: "c.csv", bytes: file })).json();
    expect(preview.errors).toEqual([]);
    expect((await confirm(admin, preview.data)).json()).toMatchObject({ candidatesUpdated: 1 });
    const [after] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, roleless!.id));
    expect(after!.clientNotes).toBe("Changed without a role");
  });
});

describe("one server reads a bounded number of files at once (issue 24)", () => {
  it("past its slots and queue a preview is refused with 503 and Retry-After; once the slot is free the next one is read", async () => {
    // This app has one slot and no queue: of three at once, one is read (its 3,000 rows checked
    // against the database take far longer than the others' forms) and two refused.
    const rows = Array.from({ length: 3_000 }, (_, i) => [`Busy${i}`, "Bo", `busy.${i}@example.com`, "Boston", READING]);
    const file = csvOf([["Last Name", "First Name", "Email", "Office", "Test"], ...rows], ",");
    const answers = await Promise.all([1, 2, 3].map(() => postFile(t, "/testing/candidates/preview", admin, { name: "busy.csv", bytes: file }, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 503, 503]);
    const busy = answers.find((a) => a.statusCode === 503)!;
    expect(busy.headers["retry-after"]).toBe("30");
    expect(busy.json()).toMatchObject({ message: "The server is reading other uploads. Please try again in a minute.", messageKey: "upload.messages.busy" });
    const later = await postFile(t, "/testing/candidates/preview", admin, { name: "wide.xlsx", bytes: wideRowWorkbook(200_000) }, {});
    expect(later.json()).toMatchObject({ message: "A row of the file has more than 64 columns. Please keep only the template's columns.", messageKey: "upload.messages.tooWide" });
  });
});
