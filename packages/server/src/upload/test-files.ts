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
export async function xlsxOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Candidates");
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV as Excel on Windows saves it: byte-order mark, semicolons, CRLF. */
export const csvOf = (rows: string[][], sep = ";") => Buffer.from(`\uFEFF${rows.map((r) => r.join(sep)).join("\r\n")}\r\n`, "utf8");

/**
 * A zip bomb dressed as .xlsx: one entry of `actual` zero bytes that declares `declared` bytes
 * (a lie the reader must not trust).
 */
export function zipBomb(actual: number, declared: number): Buffer {
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const data = deflateRawSync(Buffer.alloc(actual), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared >>> 0, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared >>> 0, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const cdStart = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(cdStart, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** The lines of a streamed (NDJSON) answer. */
export const ndjson = (body: string) =>
  body
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { progress?: { phase: string; done: number; total: number }; result?: unknown; error?: { status: number; message: string } });
