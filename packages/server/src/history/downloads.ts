import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { HISTORY_DOWNLOAD_COLUMNS, TEST_METHOD_LABELS, statusText, type DownloadFormat, type TestHistoryItem } from "@parlance/contract";

/** Test types as the downloads name them. */
const TEST_TYPE_TEXT: Record<TestHistoryItem["testType"], string> = {
  listening_speaking: "Listening and Speaking",
  reading: "Reading",
  writing: "Writing",
  translation: "Translation",
  interpretation: "Interpretation",
};

const day = (value: string | null) => (value ? value.slice(0, 10) : "");

/** One row of the download, in HISTORY_DOWNLOAD_COLUMNS order (English texts). */
export function downloadRow(item: TestHistoryItem): (string | number)[] {
  return [
    item.candidateName,
    item.candidateId,
    item.employeeId,
    item.office ?? "",
    item.healthCareRole ?? "",
    item.test,
    TEST_METHOD_LABELS[item.method],
    TEST_TYPE_TEXT[item.testType],
    item.requiresLiveProctor ? "Yes" : "No",
    item.accessCode,
    statusText(item.view),
    item.result,
    day(item.date),
    day(item.assigned),
    day(item.expiresAt),
    item.expired ? "Yes" : "No",
    item.clientNotes,
  ];
}

/**
 * A CSV cell: quoted when needed, and a leading =, +, - or @ of text defused with an apostrophe
 * so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** The CSV, streamed a batch at a time (UTF-8 with a byte order mark, so spreadsheets read Chinese names). */
export function historyCsv(batches: AsyncIterable<TestHistoryItem[]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine([...HISTORY_DOWNLOAD_COLUMNS])}`;
    for await (const batch of batches) yield batch.map((item) => csvLine(downloadRow(item))).join("");
  }
  return Readable.from(lines());
}

/** The XLSX, written row by row with exceljs's streaming writer, as fast as the client reads. */
export function historyXlsx(batches: AsyncIterable<TestHistoryItem[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Test history");
  sheet.columns = HISTORY_DOWNLOAD_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const item of batch) sheet.addRow(downloadRow(item)).commit();
        // A slow client: wait until it has taken what is written (the next batch is not read
        // before), so the file never piles up in memory; a client gone ends the file.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve).once("close", resolve));
        if (out.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

export const DOWNLOAD_CONTENT_TYPE: Record<DownloadFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
