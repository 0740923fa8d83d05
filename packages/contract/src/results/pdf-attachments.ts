import { inflate } from "./credential-check.js";

/**
 * The files attached to a PDF (its /EmbeddedFile streams), read in the browser or Node without a
 * PDF library: each stream's dictionary gives its /Length (a direct number, as our writer and most
 * writers put it) and its /Filter (none or /FlateDecode). Enough to take the credential out of a
 * result PDF; a file written otherwise yields nothing rather than a wrong answer.
 */
export async function pdfAttachments(pdf: Uint8Array): Promise<{ subtype: string | null; data: Uint8Array }[]> {
  let text = "";
  for (let i = 0; i < pdf.length; i += 0x8000) text += String.fromCharCode(...pdf.subarray(i, i + 0x8000));
  const out: { subtype: string | null; data: Uint8Array }[] = [];
  const dict = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>)*)>>\s*stream\r?\n/g;
  for (let m = dict.exec(text); m; m = dict.exec(text)) {
    const body = m[1];
    if (!/\/Type\s*\/EmbeddedFile\b/.test(body)) continue;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(body);
    if (!length) continue;
    const start = m.index + m[0].length;
    const raw = pdf.subarray(start, start + Number(length[1]));
    const subtype = /\/Subtype\s*\/([^\s/<>[\]]+)/.exec(body)?.[1]?.replace(/#2F/gi, "/") ?? null;
    try {
      out.push({ subtype, data: /\/Filter\s*\/FlateDecode/.test(body) ? await inflate(raw, "deflate") : raw });
    } catch {
      // A stream we cannot inflate is skipped.
    }
  }
  return out;
}
