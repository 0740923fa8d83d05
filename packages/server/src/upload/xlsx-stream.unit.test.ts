import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { openFirstSheet } from "./xlsx-stream.js";
import { zipBomb, zipOf } from "./test-files.js";

const WORKBOOK = `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="People" sheetId="1" r:id="rId7"/><sheet name="Other" sheetId="2" r:id="rId8"/></sheets></workbook>`;
const RELS = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/other.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/people.xml"/><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/></Relationships>`;
const STRINGS = `<sst><si><t>Last Name</t></si><si><r><t>Zh</t></r><r><t xml:space="preserve">ang &amp; Co</t></r><rPh><t>ちゃん</t></rPh></si></sst>`;
const sheet = (rows: string) => `<worksheet><dimension ref="A1:C4"/><sheetData>${rows}</sheetData></worksheet>`;
const workbook = (rows: string, extra: Record<string, string> = {}) =>
  zipOf({ "xl/workbook.xml": WORKBOOK, "xl/_rels/workbook.xml.rels": RELS, "xl/strings.xml": STRINGS, "xl/worksheets/people.xml": sheet(rows), "xl/worksheets/other.xml": sheet(""), ...extra });

async function rowsOf(buf: Buffer): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const r of (await openFirstSheet(buf)).rows) out.push([...r]);
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
