import type { FastifyReply } from "fastify";

/** A generated PDF and the name it is saved under. */
export interface PdfFile {
  pdf: Buffer;
  filename: string;
}

/**
 * Answers a PDF download (reports, certificates, paper tests): an attachment, private to its
 * reader, never cached.
 */
export function sendPdf(reply: FastifyReply, file: PdfFile): string {
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "no-store");
  return file.pdf as unknown as string;
}
