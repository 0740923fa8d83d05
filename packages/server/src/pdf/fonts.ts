import fs from "node:fs";

/**
 * Fonts for the PDFs we write. pdfkit's built-in Helvetica only knows Windows-1252 (enough for
 * English, Spanish and French); the demo languages also need Arabic and Chinese. We embed what
 * the system has (Debian: fonts-dejavu-core, fonts-noto-cjk) and fall back when it is missing:
 * without DejaVu the Latin text is set in Helvetica and anything outside Windows-1252 becomes
 * "?"; without Noto CJK, Chinese text is set in the Latin font (its characters show as "?").
 */

export interface FontFace {
  /** A file (and the face inside a .ttc collection), or a pdfkit built-in font name. */
  src: string;
  family?: string;
  /** Embedded TrueType/OpenType: full Unicode with shaping (Arabic joins). */
  embedded: boolean;
}

export interface PdfFontSet {
  regular: FontFace;
  bold: FontFace;
  /** Chinese, Japanese and Korean; null when no CJK font is installed. */
  cjk: FontFace | null;
  cjkBold: FontFace | null;
}

const DEJAVU = "/usr/share/fonts/truetype/dejavu";
const NOTO_CJK = "/usr/share/fonts/opentype/noto";

const file = (path: string, family?: string): FontFace | null => (fs.existsSync(path) ? { src: path, family, embedded: true } : null);

let found: PdfFontSet | undefined;

/** The fonts on this machine, looked up once. */
export function pdfFonts(): PdfFontSet {
  found ??= {
    regular: file(`${DEJAVU}/DejaVuSans.ttf`) ?? { src: "Helvetica", embedded: false },
    bold: file(`${DEJAVU}/DejaVuSans-Bold.ttf`) ?? { src: "Helvetica-Bold", embedded: false },
    // Simplified Chinese glyph forms (the demo's Chinese test); the collection also has tc/jp/kr.
    cjk: file(`${NOTO_CJK}/NotoSansCJK-Regular.ttc`, "NotoSansCJKsc-Regular"),
    cjkBold: file(`${NOTO_CJK}/NotoSansCJK-Bold.ttc`, "NotoSansCJKsc-Bold"),
  };
  return found;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Which face sets a run of text: CJK text in the CJK font when there is one. */
export function faceFor(fonts: PdfFontSet, text: string, bold: boolean): FontFace {
  if (CJK.test(text)) {
    const cjk = bold ? (fonts.cjkBold ?? fonts.cjk) : fonts.cjk;
    if (cjk) return cjk;
  }
  return bold ? fonts.bold : fonts.regular;
}

/** Characters a built-in (Windows-1252) font cannot draw become "?", rather than garbage. */
export function fitText(face: FontFace, text: string): string {
  if (face.embedded) return text;
  return text.replace(/[^\n\r\t\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/gu, "?");
}
