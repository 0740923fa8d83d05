import QRCode from "qrcode";
import type { PdfWriter } from "./writer.js";

/**
 * A QR code drawn as vector squares (crisp at any print size) at the writer's position, with a
 * quiet zone of four modules inside `size`. Error correction L: the code carries a whole
 * credential, and a printed page is clean enough for the smallest code.
 */
export function drawQr(w: PdfWriter, text: string, x: number, y: number, size: number): { version: number; modules: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: "L" });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  const doc = w.doc;
  doc.save();
  doc.rect(x, y, size, size).fill("#ffffff");
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + 4) * cell, y + (r + 4) * cell, cell, cell);
    }
  }
  doc.fill("#000000");
  doc.restore();
  return { version: qr.version, modules: n };
}
