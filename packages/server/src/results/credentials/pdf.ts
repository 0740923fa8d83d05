import { compactCredential, CREDENTIAL_ATTACHMENT_NAME, CREDENTIAL_FRAGMENT, VC_JWT_MEDIA_TYPE, verifiedPagePath } from "@parlance/contract";
import type { Db } from "../../db/client.js";
import type { PdfWriter } from "../../pdf/writer.js";
import { pdfSigningIdentity, signPdf } from "../../pdf/sign.js";
import { ensureCredential, type CredentialContext } from "./issue.js";

/**
 * What a result PDF carries of its credential (docs/verification.md): the VC-JWT as an attached
 * file, and a QR code of the result's verification page whose fragment holds the whole credential
 * (compact form), so a phone verifies it without asking our server for anything but the keys.
 * The finished PDF is signed (PAdES).
 */

export interface PdfCredential {
  jwt: string;
  verificationKey: string;
  /** The verification page with `#vc=<compact credential>`: what the QR code holds. */
  qrUrl: string;
}

export async function pdfCredential(ctx: CredentialContext, db: Db, candidateTestId: number, verificationKey: string): Promise<PdfCredential | null> {
  const jwt = await ensureCredential(ctx, db, candidateTestId);
  if (!jwt) return null;
  // The fragment never reaches a server: the page reads it in the browser.
  const qrUrl = `${new URL(verifiedPagePath(verificationKey), ctx.config.publicUrl).toString()}#${CREDENTIAL_FRAGMENT}=${await compactCredential(jwt)}`;
  return { jwt, verificationKey, qrUrl };
}

/** Attaches each credential as a file (one: credential.jwt; several: credential-<key>.jwt). */
export function attachCredentials(w: PdfWriter, credentials: readonly PdfCredential[], description: string): void {
  for (const c of credentials) {
    const name = credentials.length === 1 ? CREDENTIAL_ATTACHMENT_NAME : `credential-${c.verificationKey}.jwt`;
    w.doc.file(Buffer.from(c.jwt, "ascii"), { name, type: VC_JWT_MEDIA_TYPE, description, relationship: "Data" } as PDFKit.Mixins.PDFAttachmentOptions);
  }
}

/** Signs a finished result PDF with the provider's certificate. */
export function signResultPdf(ctx: CredentialContext, pdf: Buffer, reason: string): Promise<Buffer> {
  return signPdf(pdf, pdfSigningIdentity(ctx.config), { reason, name: ctx.config.issuerName, location: ctx.config.publicUrl, contactInfo: ctx.config.publicUrl });
}
