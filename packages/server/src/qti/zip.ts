import { deflateRawSync, crc32 } from "node:zlib";
import yauzl from "yauzl";

/**
 * Zip reading with limits (a zip bomb is refused before it fills memory) and a small zip writer
 * (deflate, for the export). Entry names are package paths: no absolute paths, no "..".
 */

export const ZIP_LIMITS = {
  entries: 3000,
  /** Total uncompressed bytes of every entry. */
  totalBytes: 100 * 1024 * 1024,
  entryBytes: 20 * 1024 * 1024,
  /** Uncompressed / compressed, per entry (text compresses ~10:1; a bomb by thousands). */
  ratio: 200,
};

export class ZipLimitError extends Error {}

/** A package path made safe: forward slashes, no leading slash, no "." or ".." parts; null when it climbs out. */
export function normalisePath(name: string): string | null {
  const parts: string[] = [];
  for (const part of name.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.length ? parts.join("/") : null;
}

/** Reads every file of a zip into memory, within ZIP_LIMITS (checked on the directory, then on the bytes as they inflate). */
export function readZip(data: Buffer, limits = ZIP_LIMITS): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new ZipLimitError(`The package is not a readable zip file (${err?.message ?? "unknown"}).`));
      const files = new Map<string, Buffer>();
      let total = 0;
      let count = 0;
      const fail = (e: Error) => {
        zip.close();
        reject(e);
      };
      zip.on("error", (e: Error) => fail(new ZipLimitError(`The package is not a readable zip file (${e.message}).`)));
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (++count > limits.entries) return fail(new ZipLimitError(`The package has more than ${limits.entries} files.`));
        if (/\/$/.test(entry.fileName)) return zip.readEntry();
        const name = normalisePath(entry.fileName);
        if (name === null) return fail(new ZipLimitError(`The package's file '${entry.fileName.slice(0, 200)}' points outside the package.`));
        if (entry.uncompressedSize > limits.entryBytes) return fail(new ZipLimitError(`${name} is larger than ${limits.entryBytes / 1024 / 1024} MB uncompressed.`));
        if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.ratio && entry.uncompressedSize > 1024 * 1024) {
          return fail(new ZipLimitError(`${name} expands ${Math.round(entry.uncompressedSize / entry.compressedSize)} times: the package looks like a zip bomb.`));
        }
        total += entry.uncompressedSize;
        if (total > limits.totalBytes) return fail(new ZipLimitError(`The package is larger than ${limits.totalBytes / 1024 / 1024} MB uncompressed.`));
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(new ZipLimitError(`${name} cannot be read (${e?.message ?? "unknown"}).`));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on("data", (c: Buffer) => {
            size += c.length;
            // The directory can lie about sizes: the inflated bytes are counted too.
            if (size > entry.uncompressedSize || size > limits.entryBytes) {
              stream.destroy();
              return fail(new ZipLimitError(`${name} inflates beyond its declared size.`));
            }
            chunks.push(c);
          });
          stream.on("error", (se: Error) => fail(new ZipLimitError(`${name} cannot be read (${se.message}).`)));
          stream.on("end", () => {
            files.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A zip of these files (deflated), in the order given. */
export function writeZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  // 1980-01-01 00:00: a fixed time, so the same content exports to the same bytes.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  for (const f of files) {
    const name = Buffer.from(f.name, "utf8");
    const body = deflateRawSync(f.data);
    const crc = crc32(f.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x0800, 8);
    head.writeUInt16LE(8, 10);
    head.writeUInt16LE(dosTime, 12);
    head.writeUInt16LE(dosDate, 14);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(body.length, 20);
    head.writeUInt32LE(f.data.length, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(head, name);
    offset += local.length + name.length + body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
