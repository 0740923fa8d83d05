import { Readable } from "node:stream";
import { CANDIDATE_LANGUAGES, candidateDisplayAs, timeZoneById, type candidateRoutes, type SearchQuery } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { rowsOf } from "../db/rows.js";
import type { DbContext } from "../context.js";
import { clientScope, type ClientScope, type Scope } from "../auth/scope.js";
import { firstBatchFetched } from "../http/prefetch.js";
import { parsedSearchQuery } from "../http/validation.js";
import type { InputOf } from "../http/implement-area.js";
import { candidatePageSql, type CandidateRow } from "./search.js";

/** Rows fetched per query while streaming: memory stays flat whatever the number of candidates. */
export const CSV_BATCH = 1000;

/** The columns of candidates.csv (English headers, like every download). */
export const CSV_COLUMNS: readonly { header: string; value: (r: CandidateRow) => string }[] = [
  { header: "Candidate ID", value: (r) => String(r.id) },
  { header: "Name", value: (r) => candidateDisplayAs({ firstName: r.first_name, middleName: r.middle_name, lastName: r.last_name }) },
  { header: "Last Name", value: (r) => r.last_name },
  { header: "First Name", value: (r) => r.first_name },
  { header: "Middle Name", value: (r) => r.middle_name },
  { header: "Employee ID", value: (r) => r.employee_id },
  { header: "Email Address", value: (r) => r.email },
  { header: "Office", value: (r) => r.office_name ?? "" },
  { header: "Health Care Role", value: (r) => r.role_name ?? "" },
  { header: "Health Care Specialty", value: (r) => r.specialty_name ?? "" },
  { header: "Preferred Language", value: (r) => CANDIDATE_LANGUAGES.find((l) => l.id === r.language_id)?.name ?? "" },
  { header: "Phone Number", value: (r) => r.phone_number },
  { header: "Street Address", value: (r) => r.street_address },
  { header: "City", value: (r) => r.city },
  { header: "State", value: (r) => r.state },
  { header: "Postal Code", value: (r) => r.postal_code },
  { header: "Time Zone", value: (r) => timeZoneById(r.time_zone_id).displayAs },
  { header: "Test Adjustments", value: (r) => (r.adjustments ? "Yes" : "No") },
  { header: "Notes", value: (r) => r.client_notes },
  { header: "Created", value: (r) => easternDay(r.created_at) },
  { header: "Updated", value: (r) => easternDay(r.updated_at) },
];

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" });
const easternDay = (value: Date | string) => dayFormat.format(new Date(value));

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell that a
 * spreadsheet would read as a formula (= + - @ at the start) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Every candidate matching the query, in the query's order, a batch at a time: each batch resumes after the last row (keyset paging, no long transaction). */
export async function* candidateBatches(db: Db, scope: ClientScope, query: SearchQuery): AsyncGenerator<CandidateRow[]> {
  let after: { keys: string[]; id: number } | undefined;
  for (;;) {
    const rows = await rowsOf<CandidateRow>(db, candidatePageSql(scope, query, { limit: CSV_BATCH, after }));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < CSV_BATCH) return;
    const last = rows[rows.length - 1];
    const keyCount = Object.keys(last).filter((k) => /^k\d+$/.test(k)).length;
    after = { keys: Array.from({ length: keyCount }, (_, i) => String(last[`k${i}`])), id: last.id };
  }
}

/** candidates.csv of the batches, as a stream. */
export function candidatesCsv(batches: AsyncIterable<CandidateRow[]>): Readable {
  async function* generate(): AsyncGenerator<Buffer> {
    // The byte-order mark lets spreadsheets read the file as UTF-8 (names in Chinese, accents).
    yield Buffer.from(`\uFEFF${line(CSV_COLUMNS.map((c) => c.header))}`, "utf8");
    for await (const rows of batches) yield Buffer.from(rows.map((r) => line(CSV_COLUMNS.map((c) => c.value(r)))).join(""), "utf8");
  }
  return Readable.from(generate(), { objectMode: false });
}

/** candidates.csv of a search: the query is checked and its first batch read before any header goes out. */
export async function candidateDownload({ db }: DbContext, scope: Scope, input: InputOf<typeof candidateRoutes.download>): Promise<Readable> {
  return candidatesCsv(await firstBatchFetched(candidateBatches(db, clientScope(scope), parsedSearchQuery(input.query))));
}
