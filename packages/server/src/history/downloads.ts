import { Readable } from "node:stream";
import { HISTORY_DOWNLOAD_COLUMNS, TEST_METHOD_LABELS, statusText, type DownloadFormat, type TestHistoryItem } from "@parlance/contract";
import { csvCell, streamXlsx, XLSX_TYPE } from "../http/spreadsheet.js";

export { csvCell };

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
  async function* rows() {
    for await (const batch of batches) yield batch.map(downloadRow);
  }
  return streamXlsx("Test history", HISTORY_DOWNLOAD_COLUMNS, rows());
}

export const DOWNLOAD_CONTENT_TYPE: Record<DownloadFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: XLSX_TYPE,
};
