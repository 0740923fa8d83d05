/**
 * One byte range of an HTTP Range header (RFC 9110 §14): "bytes=0-99", "bytes=100-", "bytes=-50".
 * Browsers ask for one range when seeking audio; a list of ranges is answered with the whole file
 * (allowed: a server may ignore Range). Null: no usable Range header, send everything.
 */
export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
