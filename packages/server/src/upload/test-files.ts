import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import type { TestApp } from "../test/harness.js";

/** A multipart body as a browser's FormData sends it: the fields first, then the file. */
export function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer; type?: string } | null) {
  const boundary = `----parlance${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a file to a preview route as the upload page does. */
export function postFile(
  t: TestApp,
  url: string,
  cookie: string | undefined,
  file: { name: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
  accept = "application/json",
) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: "POST",
    url,
    headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}), "content-type": body.contentType, accept },
    payload: body.payload,
  });
}

/** A workbook of these rows (the first naming the columns). */
export async function xlsxOf(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Candidates");
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV as Excel on Windows saves it: byte-order mark, semicolons, CRLF. */
export const csvOf = (rows: string[][], sep = ";") => Buffer.from(`\uFEFF${rows.map((r) => r.join(sep)).join("\r\n")}\r\n`, "utf8");

/**
 * A zip of these entries (deflated), as a workbook program writes one (no CRCs: the reader does
 * not need them). `declared` makes an entry lie about its unpacked size.
 */
export function zipOf(files: Record<string, string | Buffer>, declared: Record<string, number> = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [file, content] of Object.entries(files)) {
    const name = Buffer.from(file);
    const raw = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const data = deflateRawSync(raw, { level: 9 });
    const size = (declared[file] ?? raw.length) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A zip bomb dressed as .xlsx: a workbook whose sheet is `actual` zero bytes and declares
 * `declared` bytes (a lie the reader must not trust).
 */
export function zipBomb(actual: number, declared: number): Buffer {
  const sheet = "xl/worksheets/sheet1.xml";
  return zipOf(
    {
      "xl/workbook.xml": `<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      "xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      [sheet]: Buffer.alloc(actual),
    },
    { [sheet]: declared },
  );
}

/** The lines of a streamed (NDJSON) answer. */
export const ndjson = (body: string) =>
  body
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { progress?: { phase: string; done: number; total: number }; result?: unknown; error?: { status: number; message: string } });

/** `pattern` written `times` times, as bytes (Buffer.fill: no string of that size is made). */
export const repeated = (pattern: string, times: number) => Buffer.alloc(Buffer.byteLength(pattern) * times, pattern);

/** A workbook whose first sheet is a header row (Last Name, First Name) and then `body` (the XML of its rows). */
export function sheetWorkbook(body: Buffer, extra: Record<string, string> = {}): Buffer {
  return zipOf({
    "xl/workbook.xml": `<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": Buffer.concat([
      Buffer.from(`<worksheet><sheetData><row><c t="inlineStr"><is><t>Last Name</t></is></c><c t="inlineStr"><is><t>First Name</t></is></c></row>`),
      body,
      Buffer.from(`</sheetData></worksheet>`),
    ]),
    ...extra,
  });
}

/** Issue 24's workbook: one row of `cells` cells without r= (seven million made 240 MiB unpacked from 747 kB). */
export const wideRowWorkbook = (cells: number, cell = `<c s="0" t="n"><v>1234567890123</v></c>`) =>
  sheetWorkbook(Buffer.concat([Buffer.from("<row>"), repeated(cell, cells), Buffer.from("</row>")]));
