import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  checkCredential,
  checkText,
  CHECK_TEXT,
  credentialFromText,
  credentialPaths,
  jwkSet,
  logInclusionCheck,
  pdfAttachments,
  resultLogInclusion,
  resultLogKeys,
  resultLogRoutes,
  VC_JWT_MEDIA_TYPE,
  type CheckOutcome,
  type JwkSet,
  type VerifyEnv,
} from "@parlance/contract";
import { checkPdfSignature } from "../pdf/sign.js";

/**
 * `npm run verify -- <file>` (docs/verification.md): checks a result credential (.jwt, .json) or a
 * result PDF (its signature, and every credential attached to it) exactly as the verify page
 * does, without our server's database: the keys come from the issuer's did:web host
 * (/.well-known/jwks.json), or from a saved key set (--keys) with no network at all.
 *
 *   npm run verify -- result-123.pdf
 *   npm run verify -- credential.jwt --keys jwks.json --offline
 *
 * Exit code 0: every credential valid (and the PDF's signature intact); 1: not; 2: bad usage.
 */

const USAGE = "usage: npm run verify -- <file.pdf|file.jwt|file.json> [--keys jwks.json] [--issuer-url https://host] [--offline]";

/** One printed line of the list of checks (the PDF's own checks, then each credential's). */
interface Line {
  title: string;
  outcome: CheckOutcome;
  text: string;
}

const MARK: Record<CheckOutcome, string> = { passed: "PASS", failed: "FAIL", notChecked: "----" };

/** The https origin of a did:web (http for localhost, as a developer's server runs). */
function originOfDid(did: string): string | null {
  const m = /^did:web:([^:#]+)/.exec(did);
  if (!m) return null;
  const host = decodeURIComponent(m[1]);
  return `${/^(localhost|127\.0\.0\.1)(:|$)/.test(host) ? "http" : "https"}://${host}`;
}

function issuerOf(jwt: string): string {
  try {
    const header = JSON.parse(Buffer.from(jwt.split(".")[0], "base64url").toString("utf8")) as { kid?: string };
    return String(header.kid ?? "").split("#")[0];
  } catch {
    return "";
  }
}

function envFor(jwt: string, o: { keys?: string; issuerUrl?: string; offline: boolean }): VerifyEnv {
  const issuer = issuerOf(jwt);
  const origin = o.issuerUrl?.replace(/\/$/, "") ?? originOfDid(issuer);
  const saved: JwkSet | null = o.keys ? jwkSet.parse(JSON.parse(fs.readFileSync(o.keys, "utf8"))) : null;
  return {
    issuer,
    keys: async () => {
      if (saved) return saved;
      if (o.offline || !origin) return null;
      const res = await fetch(`${origin}${credentialPaths.jwks}`);
      return res.ok ? jwkSet.parse(await res.json()) : null;
    },
    // Only the issuer's own host: a credential cannot send the verifier elsewhere.
    // The result log of the same host: its keys and the credential key's inclusion proof.
    logInclusion: logInclusionCheck({
      keys: async () => {
        if (o.offline || !origin) return null;
        const res = await fetch(`${origin}${resultLogRoutes.keys.path}`).catch(() => null);
        return res?.ok ? resultLogKeys.parse(await res.json()) : null;
      },
      inclusion: async (key) => {
        if (o.offline || !origin) return null;
        const res = await fetch(`${origin}${resultLogRoutes.inclusion.path.replace(":key", encodeURIComponent(key))}`).catch(() => null);
        if (res?.status === 404) return "noEntries";
        return res?.ok ? resultLogInclusion.parse(await res.json()) : null;
      },
    }),
    statusList: async (url) => {
      const didOrigin = originOfDid(issuer);
      const u = new URL(url);
      if (o.offline || !origin || (u.origin !== new URL(origin).origin && u.origin !== didOrigin)) return null;
      // --issuer-url stands for the DID's host (a mirror, or a server on another port).
      const res = await fetch(`${origin}${u.pathname}`);
      return res.ok ? await res.text() : null;
    },
  };
}

async function credentialsIn(file: string, bytes: Buffer): Promise<{ jwts: string[]; pdf: Line[] }> {
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") {
    const jwt = await credentialFromText(bytes.toString("utf8"));
    return { jwts: jwt ? [jwt] : [], pdf: [] };
  }
  const sig = checkPdfSignature(bytes);
  const pdf: Line[] = [
    !sig
      ? { title: "PDF signature", outcome: "failed", text: "The PDF is not signed." }
      : sig.coversWholeFile && sig.digestMatches && sig.signatureValid
        ? { title: "PDF signature", outcome: "passed", text: `Signed (${sig.subFilter}) by ${sig.signer ?? "?"}; not a byte changed since.` }
        : { title: "PDF signature", outcome: "failed", text: "The PDF was changed after it was signed." },
  ];
  const jwts: string[] = [];
  for (const a of await pdfAttachments(new Uint8Array(bytes))) {
    if (a.subtype !== null && a.subtype !== VC_JWT_MEDIA_TYPE) continue;
    const jwt = await credentialFromText(Buffer.from(a.data).toString("utf8"));
    if (jwt && !jwts.includes(jwt)) jwts.push(jwt);
  }
  if (jwts.length === 0) pdf.push({ title: "Attached credential", outcome: "failed", text: `No credential is attached to ${path.basename(file)}.` });
  return { jwts, pdf };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { keys: { type: "string" }, "issuer-url": { type: "string" }, offline: { type: "boolean", default: false } } });
  const file = positionals[0];
  if (!file || !fs.existsSync(file)) {
    console.error(file ? `No such file: ${file}\n${USAGE}` : USAGE);
    return 2;
  }
  const { jwts, pdf } = await credentialsIn(file, fs.readFileSync(file));
  let ok = pdf.every((l) => l.outcome !== "failed");
  const print = (lines: Line[]) => lines.forEach((l) => console.log(`  ${MARK[l.outcome]}  ${l.title}: ${l.text}`));
  if (pdf.length) {
    console.log(`${file}`);
    print(pdf);
  }
  if (jwts.length === 0 && pdf.length === 0) {
    console.error("No credential found in that file.");
    return 1;
  }
  for (const jwt of jwts) {
    const report = await checkCredential(jwt, envFor(jwt, { keys: values.keys, issuerUrl: values["issuer-url"], offline: values.offline }));
    const f = report.facts;
    console.log(`\nCredential${f ? `: ${f.candidateName}, ${f.test}, ALTA ${f.level}${f.cefr ? ` (CEFR ${f.cefr}, ILR ${f.ilr}, ACTFL ${f.actfl})` : ""}, key ${f.verificationKey ?? "?"}` : ""}`);
    print(report.checks.map((c) => ({ title: CHECK_TEXT[c.check].title, outcome: c.outcome, text: checkText(c) })));
    console.log(`  => ${report.verdict.toUpperCase()}`);
    if (report.verdict !== "valid") ok = false;
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
