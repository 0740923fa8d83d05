import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { CSV_BATCH, csvCell } from "./csv.js";
import { rowsOf } from "../db/rows.js";
import { insertCandidate, signInAll } from "./test-fixtures.js";

/** GET /api/candidates/download: candidates.csv of the current query, streamed in batches. */
let t: TestApp;
let cookies: Record<string, string>;
const admin = () => cookies["admin@northwind.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookies = await signInAll(t);
  await insertCandidate(t, {
    firstName: "Zoë",
    middleName: "Anne",
    lastName: "Csvtest",
    employeeId: "=HYPERLINK(1)",
    email: "zoe@csv.test",
    notes: 'Said "hello", then left\nnext line',
    office: 0,
    role: "Nurse",
    specialty: "Nurse Practitioner",
    adjustments: true,
    createdAt: new Date("2025-04-02T16:00:00Z"),
    updatedAt: new Date("2025-04-03T16:00:00Z"),
  });
  await insertCandidate(t, { firstName: "Yan", lastName: "Csvtest", email: "yan@csv.test", office: 1 });
});
afterAll(() => t?.close());

const download = (query: string | null, cookie = admin()) =>
  t.request({ method: "GET", url: `/api/candidates/download${query === null ? "" : `?query=${encodeURIComponent(query)}`}`, cookie });

/** Splits a CSV body into rows of cells (RFC 4180, quoted cells may hold commas, quotes and line breaks). */
function parseCsv(body: string): string[][] {
  const text = body.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe("candidates.csv", () => {
  it("is an attachment named candidates.csv, UTF-8 with a byte-order mark, and never cached", async () => {
    const res = await download("last:csvtest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="candidates.csv"');
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
  });

  it("has a header row and one row per candidate of the query, in the query's order", async () => {
    const rows = parseCsv((await download("last:csvtest")).body);
    expect(rows[0]).toEqual([
      "Candidate ID",
      "Name",
      "Last Name",
      "First Name",
      "Middle Name",
      "Employee ID",
      "Email Address",
      "Office",
      "Health Care Role",
      "Health Care Specialty",
      "Preferred Language",
      "Phone Number",
      "Street Address",
      "City",
      "State",
      "Postal Code",
      "Time Zone",
      "Test Adjustments",
      "Notes",
      "Created",
      "Updated",
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1].slice(1)).toEqual([
      "Csvtest, Yan",
      "Csvtest",
      "Yan",
      "",
      "",
      "yan@csv.test",
      "Chicago",
      "",
      "",
      "English",
      "",
      "",
      "",
      "",
      "",
      "Eastern Time",
      "No",
      "",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
    // Quotes, commas and line breaks survive; a formula is defused with an apostrophe.
    expect(rows[2].slice(1)).toEqual([
      "Csvtest, Zoë Anne",
      "Csvtest",
      "Zoë",
      "Anne",
      "'=HYPERLINK(1)",
      "zoe@csv.test",
      "Boston",
      "Nurse",
      "Nurse Practitioner",
      "English",
      "",
      "",
      "",
      "",
      "",
      "Eastern Time",
      "Yes",
      'Said "hello", then left\nnext line',
      "2025-04-02",
      "2025-04-03",
    ]);
    const reversed = parseCsv((await download("last:csvtest sort:-name")).body);
    expect(reversed.slice(1).map((r) => r[3])).toEqual(["Zoë", "Yan"]);
  });

  it("without a query holds every candidate of the account, and only of the caller's office for office users", async () => {
    const all = parseCsv((await download(null)).body);
    const [{ n }] = await rowsOf<{ n: number }>(t.ctx.db, sql`SELECT count(*)::int AS n FROM candidates WHERE account_id = ${t.ids.accounts.northwind} AND deleted_at IS NULL`);
    expect(all).toHaveLength(n + 1);
    const boston = parseCsv((await download("last:csvtest", cookies["office.user@northwind.example"])).body);
    expect(boston.slice(1).map((r) => r[3])).toEqual(["Zoë"]);
    const contoso = parseCsv((await download("last:csvtest", cookies["admin@contoso.example"])).body);
    expect(contoso).toHaveLength(1);
  });

  it("streams many batches without losing or repeating a row, ties broken by id", async () => {
    const count = CSV_BATCH * 2 + 37;
    // Few distinct names, so rows share sort keys across batch boundaries.
    await t.ctx.db.execute(sql`INSERT INTO candidates (account_id, office_id, first_name, last_name, email)
      SELECT ${t.ids.accounts.northwind}, ${t.ids.offices.northwind[2]}, 'F' || (i % 7), 'Csvbulk' || (i % 3), 'bulk' || i || '@csv.test'
      FROM generate_series(1, ${count}) AS i`);
    for (const query of ["last:csvbulk", "csvbulk sort:-name", "last:csvbulk sort:office", "last:csvbulk sort:email"]) {
      const rows = parseCsv((await download(query)).body).slice(1);
      expect(rows, query).toHaveLength(count);
      expect(new Set(rows.map((r) => r[0])).size, query).toBe(count);
    }
    const byName = parseCsv((await download("last:csvbulk")).body).slice(1);
    const keys = byName.map((r) => [r[2].toLowerCase(), r[3].toLowerCase(), Number(r[0])] as const);
    const inOrder = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] - b[2]));
    expect(keys).toEqual(inOrder);
  });

  it("answers 400 with the parser's message for a bad query, and 401 signed out", async () => {
    const bad = await download("sort:height");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Sort by one of: name, id, office, email, test, method, date, health_care_role.");
    expect((await t.request({ method: "GET", url: "/api/candidates/download?query=x" })).statusCode).toBe(401);
    expect((await download("x", cookies["candidate@northwind.example"])).statusCode).toBe(403);
  });
});

describe("csvCell", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "x"')).toBe('"say ""x"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    for (const f of ["=1+1", "+1", "-1", "@SUM(A1)"]) expect(csvCell(f)).toBe(`'${f}`);
  });
});
