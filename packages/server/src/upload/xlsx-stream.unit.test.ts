import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { openFirstSheet, type SheetLimits } from "./xlsx-stream.js";
import { repeated, sheetWorkbook, wideRowWorkbook, zipBomb, zipOf } from "./test-files.js";

const WORKBOOK = `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="People" sheetId="1" r:id="rId7"/><sheet name="Other" sheetId="2" r:id="rId8"/></sheets></workbook>`;
const RELS = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/other.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/people.xml"/><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/></Relationships>`;
const STRINGS = `<sst><si><t>Last Name</t></si><si><r><t>Zh</t></r><r><t xml:space="preserve">ang &amp; Co</t></r><rPh><t>ちゃん</t></rPh></si></sst>`;
const sheet = (rows: string) => `<worksheet><dimension ref="A1:C4"/><sheetData>${rows}</sheetData></worksheet>`;
const workbook = (rows: string, extra: Record<string, string> = {}) =>
  zipOf({ "xl/workbook.xml": WORKBOOK, "xl/_rels/workbook.xml.rels": RELS, "xl/strings.xml": STRINGS, "xl/worksheets/people.xml": sheet(rows), "xl/worksheets/other.xml": sheet(""), ...extra });

async function rowsOf(buf: Buffer, limits: SheetLimits = {}): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const r of (await openFirstSheet(buf, limits)).rows) out.push([...r]);
  return out;
}

describe("reading a workbook as a stream", () => {
  it("reads the first sheet by the workbook's order: shared and inline strings, numbers, booleans, a formula's cached value; gaps keep the row numbers", async () => {
    const rows = await rowsOf(
      workbook(
        `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>Email</t></is></c></row>` +
          `<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3"><v>42</v></c><c r="C3" t="str"><f>HYPERLINK("x")</f><v>=cmd|' /C calc'!A0</v></c></row>` +
          `<row r="4"><c t="b"><v>1</v></c><c><f>1+1</f><v>2</v></c></row>`,
      ),
    );
    expect(rows).toEqual([["Last Name", "", "Email"], [], ["Zhang & Co", "42", "=cmd|' /C calc'!A0"], ["TRUE", "2"]]);
  });

  it("reads what exceljs writes the same as it was written, and keeps 32,768 characters of a 100,000-character cell", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Candidates");
    ws.addRow(["Last Name", "First Name", "Notes"]);
    ws.addRow(["王", "ليلى", { formula: "SUM(1,2)", result: 3 }]);
    ws.addRow(["x".repeat(100_000), "=1+1", 7]);
    const rows = await rowsOf(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows.map((r) => r.map((c) => String(c).slice(0, 5)))).toEqual([["Last ", "First", "Notes"], ["王", "ليلى", "3"], ["xxxxx", "=1+1", "7"]]);
    expect(String(rows[2]![0]).length).toBe(32_768);
  });

  it("refuses a zip bomb, a renamed binary, a zip that is no workbook and broken XML", async () => {
    await expect(rowsOf(zipBomb(20 * 1024 * 1024, 1_000))).rejects.toThrow(/unpacks to more data/);
    await expect(openFirstSheet(zipBomb(1_000, 0xffffffff))).rejects.toThrow(/unpacks to more data/);
    await expect(openFirstSheet(Buffer.from("GIF89a\u0000\u0000 not a zip at all"))).rejects.toThrow(/not a readable .xlsx/);
    await expect(openFirstSheet(zipOf({ "word/document.xml": "<w/>" }))).rejects.toThrow(/not a readable .xlsx/);
    await expect(rowsOf(workbook(`<row r="1"><c t="s"><v>0</v></c></row><row r="2"><c>`.concat("<v>1</c></row>")))).rejects.toThrow(/not a readable .xlsx/);
    await expect(rowsOf(workbook(`<row r="2000000"><c><v>1</v></c></row>`))).rejects.toThrow(/not a readable .xlsx/);
    // A sheet that lies about its size: it is stopped at what it declared, not inflated on.
    const liar = workbook("");
    const at = liar.lastIndexOf(Buffer.from("xl/worksheets/people.xml"));
    liar.writeUInt32LE(10, at - 46 + 24);
    await expect(rowsOf(liar)).rejects.toThrow(/unpacks to more data/);
  });
});

describe("dates, and the work a file may cost", () => {
  it("reads a date cell as the date it shows, not its serial number (issue 23): exceljs's dates, built-in and custom formats, times, 1904 workbooks", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Candidates");
    ws.addRow(["Last Name", "Notes", "Plain"]);
    ws.addRow(["Smith", new Date(Date.UTC(2024, 2, 5)), 45356]);
    const at = ws.addRow(["Jones", new Date(Date.UTC(2031, 11, 31, 14, 30)), 0.5]);
    at.getCell(2).numFmt = "dd/mm/yyyy hh:mm";
    at.getCell(3).numFmt = "[h]:mm";
    expect(await rowsOf(Buffer.from(await wb.xlsx.writeBuffer()))).toEqual([["Last Name", "Notes", "Plain"], ["Smith", "2024-03-05", "45356"], ["Jones", "2031-12-31 14:30", "12:00"]]);

    const styles = `<styleSheet><numFmts><numFmt numFmtId="164" formatCode="&quot;Day&quot; 0"/><numFmt numFmtId="165" formatCode="[$-409]mmmm d, yyyy"/></numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`;
    const cells = `<row r="1"><c r="A1" s="1"><v>1</v></c><c r="B1" s="1"><v>61</v></c><c r="C1" s="2"><v>45356</v></c><c r="D1" s="3"><v>45356</v></c><c r="E1" s="0"><v>45356</v></c><c r="F1" s="1" t="s"><v>0</v></c></row>`;
    expect(await rowsOf(workbook(cells, { "xl/styles.xml": styles }))).toEqual([["1900-01-01", "1900-03-01", "45356", "2024-03-05", "45356", "Last Name"]]);
    const mac = WORKBOOK.replace("<sheets>", `<workbookPr date1904="1"/><sheets>`);
    expect(await rowsOf(workbook(`<row r="1"><c r="A1" s="1"><v>0</v></c></row>`, { "xl/styles.xml": styles, "xl/workbook.xml": mac }))).toEqual([["1904-01-01"]]);
  });

  it("refuses at once a row of a million cells, a value past the 64th column, 2.6 million cells in all, and a sheet that takes the parser too long", async () => {
    const wide = wideRowWorkbook(1_000_000);
    const started = performance.now();
    await expect(rowsOf(wide)).rejects.toMatchObject({ statusCode: 422, message: expect.stringContaining("more than 64 columns") });
    // Refused at the row's 1,025th cell, not after the million (which took seconds and hundreds of MiB).
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(rowsOf(sheetWorkbook(Buffer.from(`<row><c r="BM2"><v>1</v></c></row>`)))).rejects.toMatchObject({ statusCode: 422 });
    // Empty cells past the 64th column cost nothing and are no value.
    expect(await rowsOf(sheetWorkbook(Buffer.from(`<row><c r="A2" t="inlineStr"><is><t>Smith</t></is></c><c r="XFD2" s="1"/></row>`)))).toEqual([["Last Name", "First Name"], ["Smith"]]);
    await expect(rowsOf(sheetWorkbook(repeated(`<row>${"<c/>".repeat(1_000)}</row>`, 2_600)))).rejects.toMatchObject({ statusCode: 413, message: expect.stringContaining("2,500,000 cells") });
    const slow = sheetWorkbook(repeated("<!-- nothing but comments: no cell at all -->", 200_000));
    await expect(rowsOf(slow)).resolves.toHaveLength(1);
    await expect(rowsOf(slow, { parseMs: 0.001 })).rejects.toMatchObject({ statusCode: 422, message: "The file takes too long to read. Please save it again or split it." });
  }, 60_000);
});
