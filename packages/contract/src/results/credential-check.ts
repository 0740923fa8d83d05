import type { JwkSet, PublishedJwk } from "./credentials.js";
import { LOG_INCLUSION_TEXT } from "../result-log/credential-log.js";

/**
 * Verifies a result credential (a VC-JWT) with nothing but the platform's Web Crypto (Ed25519),
 * in the browser (the verify page) and in Node (npm run verify): no JSON-LD processing, no
 * network beyond what the caller's `VerifyEnv` fetches. Each check is one entry of `checks`, in
 * the order CREDENTIAL_CHECKS gives; a check not made says so ("notChecked") rather than passing.
 */

export const CREDENTIAL_CHECKS = ["structure", "signature", "issuerKey", "status", "logInclusion"] as const;
export type CredentialCheckName = (typeof CREDENTIAL_CHECKS)[number];
export type CheckOutcome = "passed" | "failed" | "notChecked";

export interface CheckResult {
  check: CredentialCheckName;
  outcome: CheckOutcome;
  /** Why, as a key: the screens say `resultVerify.checks.<check>.<reason>`, the CLI the English of CHECK_TEXT. */
  reason: string;
  vars?: Record<string, string>;
}

/** What the credential says, read from its payload (trust it only as far as the checks passed). */
export interface CredentialFacts {
  credentialId: string;
  issuerId: string;
  issuerName: string;
  candidateName: string;
  test: string;
  language: string;
  level: string;
  cefr: string | null;
  ilr: string | null;
  actfl: string | null;
  testDate: string | null;
  validFrom: string;
  verificationKey: string | null;
  kid: string;
}

export interface CredentialReport {
  facts: CredentialFacts | null;
  checks: CheckResult[];
  /**
   * valid: signature and issuer key passed and nothing failed; revoked: genuine but withdrawn;
   * unconfirmed: nothing failed, but the signature could not be checked (no keys).
   */
  verdict: "valid" | "invalid" | "revoked" | "unconfirmed";
}

export interface VerifyEnv {
  /** The did:web of the provider whose keys `keys` gives (the verifier trusts that origin). */
  issuer: string;
  keys: () => Promise<JwkSet | null>;
  /** The status list credential (a VC-JWT) at a URL the credential names, or null when unreachable. */
  statusList: (url: string) => Promise<string | null>;
  /** The log inclusion check (issue 28 §4); until it is wired the check reads "notChecked". */
  logInclusion?: (jwt: string, facts: CredentialFacts) => Promise<CheckResult>;
}

export const VC_CONTEXT_V2 = "https://www.w3.org/ns/credentials/v2";
export const OB3_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";

/** did:web of an origin: the host, with a port's colon percent-encoded (did:web method §3.1). */
export const didWebOf = (origin: string): string => `did:web:${encodeURIComponent(new URL(origin).host)}`;

// ---- encodings ---------------------------------------------------------------------------------

export function base64urlToBytes(s: string): Uint8Array {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function through(bytes: Uint8Array, stream: { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> }): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  void writer.write(bytes).then(() => writer.close()).catch(() => undefined);
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}
type Format = "gzip" | "deflate" | "deflate-raw";
export const inflate = (bytes: Uint8Array, format: Format) => through(bytes, new DecompressionStream(format) as never);
export const deflate = (bytes: Uint8Array, format: Format) => through(bytes, new CompressionStream(format) as never);

const utf8 = (b: Uint8Array) => new TextDecoder().decode(b);
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The QR code's form of a credential (docs/verification.md): the JWT's header and payload JSON and
 * its 64 signature bytes, joined by NUL (JSON never holds a raw NUL) and deflated, base64url. The
 * exact JWT comes back from it, so the signature checks as is; it is some 40 % of the JWT's size.
 */
export async function compactCredential(jwt: string): Promise<string> {
  const [h, p, s] = jwt.split(".");
  const parts = [base64urlToBytes(h), new Uint8Array([0]), base64urlToBytes(p), new Uint8Array([0]), base64urlToBytes(s)];
  const joined = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
  let at = 0;
  for (const x of parts) {
    joined.set(x, at);
    at += x.length;
  }
  return bytesToBase64url(await deflate(joined, "deflate-raw"));
}

export async function expandCredential(compact: string): Promise<string> {
  const bytes = await inflate(base64urlToBytes(compact), "deflate-raw");
  const a = bytes.indexOf(0);
  const b = bytes.indexOf(0, a + 1);
  if (a < 0 || b < 0) throw new Error("not a compact credential");
  return [bytes.subarray(0, a), bytes.subarray(a + 1, b), bytes.subarray(b + 1)].map(bytesToBase64url).join(".");
}

/** The fragment of a verification URL that carries the credential: `#vc=<compact form>`. */
export const CREDENTIAL_FRAGMENT = "vc";

/**
 * A credential from what a person gives: a JWT, a verification URL carrying one (`#vc=`), JSON
 * (an EnvelopedVerifiableCredential of VC 2.0 with a `data:application/vc+jwt,` id, or `{ "jwt" }`).
 * Null when none is there.
 */
export async function credentialFromText(text: string): Promise<string | null> {
  const t = text.trim();
  if (JWT.test(t)) return t;
  const fragment = /[#&]vc=([A-Za-z0-9_-]+)/.exec(t);
  if (fragment) {
    try {
      return await expandCredential(fragment[1]);
    } catch {
      return null;
    }
  }
  try {
    const json = JSON.parse(t) as { id?: unknown; jwt?: unknown };
    if (typeof json.jwt === "string" && JWT.test(json.jwt)) return json.jwt;
    const m = typeof json.id === "string" ? /^data:application\/vc\+jwt,(.+)$/.exec(json.id) : null;
    if (m && JWT.test(m[1])) return m[1];
  } catch {
    // Not JSON.
  }
  return null;
}

// ---- reading a credential ----------------------------------------------------------------------

type Json = Record<string, unknown>;
const asObj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const asArr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const hasType = (v: unknown, t: string) => asArr(asObj(v).type).includes(t);

export function decodeJwt(jwt: string): { header: Json; payload: Json } | null {
  if (!JWT.test(jwt)) return null;
  try {
    const [h, p] = jwt.split(".");
    return { header: asObj(JSON.parse(utf8(base64urlToBytes(h)))), payload: asObj(JSON.parse(utf8(base64urlToBytes(p)))) };
  } catch {
    return null;
  }
}

/** What the credential claims (the level with its equivalents from the rubric level's alignments). */
export function factsOf(header: Json, vc: Json): CredentialFacts {
  const subject = asObj(asArr(vc.credentialSubject)[0]);
  const achievement = asObj(subject.achievement);
  const ids = asArr(subject.identifier).map(asObj);
  const result = asObj(asArr(subject.result)[0]);
  const levels = asArr(asObj(asArr(achievement.resultDescription)[0]).rubricCriterionLevel).map(asObj);
  const level = levels.find((l) => l.id === result.achievedLevel) ?? {};
  const aligned = (framework: string) => str(asArr(level.alignment).map(asObj).find((a) => a.targetFramework === framework)?.targetCode);
  const evidence = asArr(vc.evidence).map(asObj).find((e) => hasType(e, "Evidence") && str(e.name) === "Verification key");
  return {
    credentialId: str(vc.id) ?? "",
    issuerId: str(asObj(vc.issuer).id) ?? str(vc.issuer) ?? "",
    issuerName: str(asObj(vc.issuer).name) ?? "",
    candidateName: str(ids.find((i) => i.identityType === "name" && i.hashed === false)?.identityHash) ?? "",
    test: str(achievement.name) ?? "",
    language: str(achievement.inLanguage) ?? "",
    level: str(result.value) ?? str(level.level) ?? "",
    cefr: aligned("CEFR"),
    ilr: aligned("ILR"),
    actfl: aligned("ACTFL"),
    testDate: str(subject.activityEndDate),
    validFrom: str(vc.validFrom) ?? "",
    verificationKey: str(evidence?.narrative),
    kid: str(header.kid) ?? "",
  };
}

/** The structure the VC 2.0 data model and Open Badges 3.0 require of our credentials; the first gap, or null. */
export function structureProblem(header: Json, vc: Json): string | null {
  if (header.alg !== "EdDSA") return "alg";
  if (header.typ !== "vc+jwt") return "typ";
  const ctx = asArr(vc["@context"]);
  if (ctx[0] !== VC_CONTEXT_V2 || !ctx.includes(OB3_CONTEXT)) return "context";
  if (!asArr(vc.type).includes("VerifiableCredential") || !asArr(vc.type).includes("OpenBadgeCredential")) return "type";
  if (!str(vc.id) || !str(asObj(vc.issuer).id) || !hasType(vc.issuer, "Profile")) return "issuer";
  if (!str(vc.validFrom) || Number.isNaN(Date.parse(str(vc.validFrom)!))) return "validFrom";
  const subject = asObj(asArr(vc.credentialSubject)[0]);
  if (!hasType(subject, "AchievementSubject") || !hasType(subject.achievement, "Achievement")) return "subject";
  const status = asObj(vc.credentialStatus);
  if (status.type !== "BitstringStatusListEntry" || status.statusPurpose !== "revocation" || !/^\d+$/.test(str(status.statusListIndex) ?? "") || !str(status.statusListCredential)) return "status";
  return null;
}

// ---- the checks ----------------------------------------------------------------------------------

async function signatureValid(jwt: string, jwk: PublishedJwk): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
    const [h, p, s] = jwt.split(".");
    return await crypto.subtle.verify({ name: "Ed25519" }, key, new Uint8Array(base64urlToBytes(s)), new TextEncoder().encode(`${h}.${p}`));
  } catch {
    return false;
  }
}

/** The key a JWS header names, when it is the issuer's (`<issuer DID>#<kid>`) and published. */
function keyFor(kid: string, issuer: string, keys: JwkSet): PublishedJwk | "foreign" | "unknown" {
  const [did, fragment] = kid.split("#");
  if (did !== issuer || !fragment) return "foreign";
  return keys.keys.find((k) => k.kid === fragment) ?? "unknown";
}

/** Reads bit `index` (first bit = the first byte's highest) of a status list credential, after checking its signature. */
async function statusBit(listJwt: string, index: number, env: VerifyEnv, keys: JwkSet): Promise<{ revoked: boolean } | { problem: string }> {
  const decoded = decodeJwt(listJwt);
  if (!decoded) return { problem: "listUnreadable" };
  const key = keyFor(str(decoded.header.kid) ?? "", env.issuer, keys);
  if (typeof key === "string" || !(await signatureValid(listJwt, key))) return { problem: "listSignature" };
  const subject = asObj(decoded.payload.credentialSubject);
  if (!asArr(decoded.payload.type).includes("BitstringStatusListCredential") || subject.type !== "BitstringStatusList" || subject.statusPurpose !== "revocation") return { problem: "listUnreadable" };
  const encoded = str(subject.encodedList) ?? "";
  try {
    const bits = await inflate(base64urlToBytes(encoded.replace(/^u/, "")), "gzip");
    if (index >= bits.length * 8) return { problem: "listUnreadable" };
    return { revoked: ((bits[index >> 3] >> (7 - (index & 7))) & 1) === 1 };
  } catch {
    return { problem: "listUnreadable" };
  }
}

const result = (check: CredentialCheckName, outcome: CheckOutcome, reason: string, vars?: Record<string, string>): CheckResult => ({ check, outcome, reason, ...(vars ? { vars } : {}) });

export async function checkCredential(jwt: string, env: VerifyEnv): Promise<CredentialReport> {
  const decoded = decodeJwt(jwt.trim());
  if (!decoded) {
    return { facts: null, verdict: "invalid", checks: CREDENTIAL_CHECKS.map((c) => (c === "structure" ? result(c, "failed", "unreadable") : result(c, "notChecked", "notReached"))) };
  }
  const { header, payload } = decoded;
  const facts = factsOf(header, payload);
  const checks: CheckResult[] = [];
  const problem = structureProblem(header, payload);
  checks.push(problem ? result("structure", "failed", problem) : result("structure", "passed", "ok"));

  const keys = await env.keys().catch(() => null);
  const key = keys ? keyFor(facts.kid, env.issuer, keys) : null;
  let signed = false;
  if (!keys) checks.push(result("signature", "notChecked", "noKeys"));
  else if (typeof key === "string" || key === null) checks.push(result("signature", "failed", "noKey"));
  else {
    signed = await signatureValid(jwt.trim(), key);
    checks.push(signed ? result("signature", "passed", "ok") : result("signature", "failed", "mismatch"));
  }

  if (!keys) checks.push(result("issuerKey", "notChecked", "noKeys"));
  else if (key === "foreign" || facts.issuerId !== env.issuer) checks.push(result("issuerKey", "failed", "otherIssuer", { issuer: facts.issuerId || facts.kid }));
  else if (key === "unknown" || key === null) checks.push(result("issuerKey", "failed", "unknownKey", { kid: facts.kid }));
  else if (key.retired_at && Date.parse(facts.validFrom) > Date.parse(key.retired_at)) checks.push(result("issuerKey", "failed", "signedAfterRetired", { kid: key.kid, retired: key.retired_at }));
  else if (key.retired_at) checks.push(result("issuerKey", "passed", "retired", { kid: key.kid, retired: key.retired_at }));
  else checks.push(result("issuerKey", "passed", "current", { kid: key.kid }));

  const status = asObj(payload.credentialStatus);
  let revoked = false;
  if (problem || !signed || !keys) checks.push(result("status", "notChecked", "notReached"));
  else {
    const list = await env.statusList(str(status.statusListCredential)!).catch(() => null);
    const bit = list ? await statusBit(list, Number(status.statusListIndex), env, keys) : { problem: "listUnreachable" };
    if ("problem" in bit) checks.push(result("status", bit.problem === "listUnreachable" ? "notChecked" : "failed", bit.problem));
    else {
      revoked = bit.revoked;
      checks.push(bit.revoked ? result("status", "failed", "revoked") : result("status", "passed", "notRevoked"));
    }
  }

  checks.push(env.logInclusion && signed ? await env.logInclusion(jwt.trim(), facts).catch(() => result("logInclusion", "notChecked", "unavailable")) : result("logInclusion", "notChecked", "notAvailable"));

  const failed = checks.some((c) => c.outcome === "failed" && !(c.check === "status" && revoked));
  const confirmed = checks.every((c) => (c.check === "signature" || c.check === "issuerKey" ? c.outcome === "passed" : true));
  return { facts, checks, verdict: failed ? "invalid" : revoked ? "revoked" : confirmed ? "valid" : "unconfirmed" };
}

/** English of every check and reason (the CLI's words; the screens translate the same keys). */
export const CHECK_TEXT: Record<CredentialCheckName, { title: string } & Record<string, string>> = {
  structure: { title: "Credential structure (VC 2.0 / Open Badges 3.0)", ok: "A VC-JWT (EdDSA) Open Badges 3.0 credential with a revocation status entry.", unreadable: "Not a credential: the text is not a readable VC-JWT.", alg: "Not signed with EdDSA (Ed25519).", typ: "The JWT is not typed vc+jwt.", context: "The @context is not VC 2.0 with Open Badges 3.0.", type: "Not an OpenBadgeCredential.", issuer: "The issuer profile or the credential id is missing.", validFrom: "validFrom is missing or not a date.", subject: "The subject is not an AchievementSubject with an Achievement.", status: "The revocation status entry is missing or malformed." },
  signature: { title: "Signature", ok: "The Ed25519 signature matches the credential's contents exactly.", mismatch: "The signature does not match: the credential was changed after signing, or signed by another key.", noKey: "The key that signed it is not one of the provider's published keys.", noKeys: "The provider's published keys could not be loaded." },
  issuerKey: { title: "Issuer key", current: "Signed with {{kid}}, a current key published by the provider.", retired: "Signed with {{kid}}, a key the provider retired on {{retired}} after this credential was issued; it is still published.", signedAfterRetired: "Signed with {{kid}} after the provider retired it ({{retired}}).", otherIssuer: "Issued by {{issuer}}, not by this provider.", unknownKey: "The key {{kid}} is not among the provider's published keys.", noKeys: "The provider's published keys could not be loaded." },
  status: { title: "Revocation status", notRevoked: "The provider's signed status list does not mark it revoked.", revoked: "The provider revoked this credential: the result is withdrawn.", listUnreachable: "The status list could not be loaded, so revocation was not checked.", listSignature: "The status list is not signed by the provider.", listUnreadable: "The status list could not be read.", notReached: "Not checked: the credential did not pass the checks above." },
  logInclusion: { title: "Result log inclusion", notAvailable: "Not checked.", unavailable: "The result log could not be reached.", ...LOG_INCLUSION_TEXT },
};

export function checkText(c: CheckResult): string {
  let text = CHECK_TEXT[c.check][c.reason] ?? c.reason;
  for (const [k, v] of Object.entries(c.vars ?? {})) text = text.replace(`{{${k}}}`, v);
  return text;
}
