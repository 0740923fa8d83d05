import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign as rsaSign, verify as rsaVerify } from "node:crypto";
import forge from "node-forge";
import { SignPdf } from "@signpdf/signpdf";
import { plainAddPlaceholder } from "@signpdf/placeholder-plain";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";

/**
 * PAdES signatures (ETSI EN 319 142-1, baseline B-B) on every result PDF: a CMS SignedData in the
 * signature dictionary (SubFilter ETSI.CAdES.detached) over the file's two byte ranges. A reader
 * (Acrobat, pdf.js, any PAdES validator) shows any byte changed after signing.
 *
 * The CMS is built here rather than by @signpdf/signer-p12, whose signed attributes carry
 * signingTime and no ESS signing-certificate-v2: PAdES requires the latter and forbids the former
 * (the time is the dictionary's /M). @signpdf/signpdf and its plain placeholder do the PDF part.
 */

const asn1 = forge.asn1;
const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
};

export interface PdfSigningIdentity {
  /** DER of the signing certificate. */
  certDer: Buffer;
  certificate: forge.pki.Certificate;
  /** PEM of the RSA private key (node:crypto signs). */
  keyPem: string;
  /** Further certificates of the chain, DER. */
  chain: Buffer[];
}

const der = (node: forge.asn1.Asn1): Buffer => Buffer.from(asn1.toDer(node).getBytes(), "binary");
const fromDer = (bytes: Buffer): forge.asn1.Asn1 => asn1.fromDer(forge.util.createBuffer(bytes.toString("binary")));
const seq = (v: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, v);
const set = (v: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, v);
const oid = (o: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(o).getBytes());
const octets = (b: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, b.toString("binary"));
const nul = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, "");
const int = (n: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const algorithm = (o: string, params = true) => seq(params ? [oid(o), nul()] : [oid(o)]);
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);

/** DER sorts the members of a SET OF by their encodings. */
function derSetOf(members: forge.asn1.Asn1[]): Buffer[] {
  return members.map(der).sort(Buffer.compare);
}

/** The CMS SignedData (detached) of `content` with the identity's key: PAdES B-B attributes. */
export function cadesDetached(content: Buffer, id: PdfSigningIdentity): Buffer {
  const certHash = createHash("sha256").update(id.certDer).digest();
  const attrs = derSetOf([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash("sha256").update(content).digest())),
    // ESSCertIDv2 with the default hash (SHA-256) left out, as DER requires.
    attribute(OID.signingCertificateV2, seq([seq([seq([octets(certHash)])])])),
  ]);
  // The signature covers the attributes as a SET (tag 0x31); they are stored as [0] IMPLICIT.
  const signedAttrsSet = der(set(attrs.map(fromDer)));
  const signature = rsaSign("sha256", signedAttrsSet, createPrivateKey(id.keyPem));
  const signedAttrs = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrs.map(fromDer));
  const cert = fromDer(id.certDer);
  const tbs = (cert.value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serial, signature alg, issuer, …
  const hasVersion = tbs[0].tagClass === asn1.Class.CONTEXT_SPECIFIC;
  const serial = tbs[hasVersion ? 1 : 0];
  const issuer = tbs[hasVersion ? 3 : 2];
  const signerInfo = seq([
    int(1),
    seq([issuer, serial]),
    algorithm(OID.sha256, false),
    signedAttrs,
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const certs = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [cert, ...id.chain.map(fromDer)]);
  const signedData = seq([int(1), set([algorithm(OID.sha256, false)]), seq([oid(OID.data)]), certs, set([signerInfo])]);
  return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

class CadesSigner extends Signer {
  constructor(private readonly id: PdfSigningIdentity) {
    super();
  }
  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetached(pdfBuffer, this.id);
  }
}

const identities = new WeakMap<object, PdfSigningIdentity>();

/** The configured PDF signing identity (PDF_SIGNING_P12), or a self-signed one made once per process outside production. */
export function pdfSigningIdentity(config: { pdfSigning: { p12: Buffer; passphrase: string } | null }): PdfSigningIdentity {
  let id = identities.get(config);
  if (!id) {
    id = config.pdfSigning ? identityFromP12(config.pdfSigning.p12, config.pdfSigning.passphrase) : identityFromP12(selfSignedP12(), "");
    identities.set(config, id);
  }
  return id;
}

/** Signs a finished PDF (from pdfkit): a signature field with a placeholder, then the CMS in it. */
export async function signPdf(pdf: Buffer, id: PdfSigningIdentity, o: { reason: string; name: string; location: string; contactInfo: string }): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: o.reason,
    name: o.name,
    location: o.location,
    contactInfo: o.contactInfo,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 8192,
  });
  return new SignPdf().sign(withPlaceholder, new CadesSigner(id));
}

/** The identity of a PKCS#12 file (PDF_SIGNING_P12): its RSA key and the certificate that matches it. */
export function identityFromP12(p12: Buffer, passphrase: string): PdfSigningIdentity {
  const parsed = forge.pkcs12.pkcs12FromAsn1(fromDer(p12), false, passphrase);
  const keyBag = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0]
    ?? parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const certs = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).map((b) => b.cert!).filter(Boolean);
  if (!keyBag?.key || certs.length === 0) throw new Error("PDF_SIGNING_P12 holds no private key and certificate");
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  const own = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n.equals(key.n));
  if (!own) throw new Error("PDF_SIGNING_P12: no certificate matches the private key");
  const toDer = (c: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(c));
  return { certDer: toDer(own), certificate: own, keyPem: forge.pki.privateKeyToPem(key), chain: certs.filter((c) => c !== own).map(toDer) };
}

/**
 * A self-signed certificate for development and tests (never in production: config.ts requires
 * PDF_SIGNING_P12 there). The RSA key comes from node:crypto (fast); node-forge writes the
 * certificate and the PKCS#12 file.
 */
export function selfSignedP12(commonName = "Parlance development PDF signing", passphrase = ""): Buffer {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600_000);
  const attrs = [{ name: "commonName", value: commonName }, { name: "organizationName", value: "Parlance" }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: "basicConstraints", cA: false }, { name: "keyUsage", digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: "aes256" });
  return der(p12);
}

export interface PdfSignatureCheck {
  /** The signature dictionary's SubFilter. */
  subFilter: string | null;
  /** The byte ranges cover the whole file but the signature itself. */
  coversWholeFile: boolean;
  /** The signed digest equals the digest of the signed bytes. */
  digestMatches: boolean;
  /** The certificate's key signed the attributes. */
  signatureValid: boolean;
  signer: string | null;
}

/** Checks the last signature of a PDF: byte ranges, message digest and the RSA signature. */
export function checkPdfSignature(pdf: Buffer): PdfSignatureCheck | null {
  const text = pdf.toString("latin1");
  const at = text.lastIndexOf("/ByteRange");
  if (at < 0) return null;
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at));
  if (!range) return null;
  const [a, b, c, d] = range.slice(1).map(Number);
  const sub = /\/SubFilter\s*\/([A-Za-z0-9.#]+)/.exec(text.slice(Math.max(0, at - 2000), at + 2000));
  const contentsHex = text.slice(a + b + 1, c - 1);
  const cms = Buffer.from(contentsHex.replace(/(00)+$/, ""), "hex");
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const out: PdfSignatureCheck = { subFilter: sub?.[1] ?? null, coversWholeFile: a === 0 && c + d === pdf.length, digestMatches: false, signatureValid: false, signer: null };
  try {
    const contentInfo = fromDer(cms);
    const signedData = ((contentInfo.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
    const certsNode = signedData.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0)!;
    const certDer = der((certsNode.value as forge.asn1.Asn1[])[0]);
    const cert = forge.pki.certificateFromAsn1(fromDer(certDer));
    out.signer = cert.subject.getField("CN")?.value ?? null;
    const signerInfo = (signedData[signedData.length - 1].value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
    const attrsNode = signerInfo.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0)!;
    const attrs = attrsNode.value as forge.asn1.Asn1[];
    const digestAttr = attrs.find((x) => asn1.derToOid((x.value as forge.asn1.Asn1[])[0].value as string) === OID.messageDigest);
    const digest = Buffer.from((((digestAttr!.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as string), "binary");
    out.digestMatches = digest.equals(createHash("sha256").update(signed).digest());
    const signature = Buffer.from(signerInfo[signerInfo.length - 1].value as string, "binary");
    const publicKey = createPublicKey(forge.pki.publicKeyToPem(cert.publicKey));
    out.signatureValid = rsaVerify("sha256", der(set(attrs)), publicKey, signature);
  } catch {
    // An unreadable signature is an invalid one.
  }
  return out;
}
