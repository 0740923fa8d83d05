import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvCell, streamXlsx } from "./spreadsheet.js";

async function* oneBatch(rows: (string | number)[][]) {
  yield rows;
}

async function readBack(stream: NodeJS.ReadableStream): Promise<unknown[][]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe("spreadsheet downloads never carry a formula", () => {
  it("defuses = + - @ at the start of text in every XLSX we stream, and keeps numbers and plain text", async () => {
    const rows = await readBack(streamXlsx("Sheet", ["A", "B", "C", "D", "E"], oneBatch([["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", 42], ["Zhang Wei 张伟", "O'Brien", "", "a=b", 7]])));
    expect(rows[0]).toEqual(["A", "B", "C", "D", "E"]);
    expect(rows[1]).toEqual(["'=HYPERLINK(1)", "'+1", "'-2", "'@SUM(A1)", 42]);
    expect(rows[2].filter((v) => v !== undefined)).toEqual(["Zhang Wei 张伟", "O'Brien", "a=b", 7]);
  });

  it("defuses them in CSV cells too", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell(5)).toBe("5");
  });
});
