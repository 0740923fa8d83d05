import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createHash, createPublicKey, generateKeyPairSync, verify as nodeVerify } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { CompactSign } from "jose";
import { checkCredential, compactCredential, credentialFromText, didWebOf, pdfAttachments, type JwkSet, type VerifyEnv } from "@parlance/contract";
import { candidates, candidateTests, mailOutbox } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { makeResult } from "../reports/test-fixtures.js";
import { ensureVerificationKey } from "../verify/keys.js";
import { checkPdfSignature } from "../../pdf/sign.js";
import { issueCredential, rotateKey } from "./index.js";

/**
 * Credentials checked by a verifier of our own written from the specs (node:crypto, not jose, and
 * not the contract's checker), then by the checker the page and the CLI use: tampering, rotation,
 * revocation through the status list, and the signed PDF that carries it.
 */
let t: TestApp;
let jwt: string;
let candidateTestId: number;
let verificationKey: string;
const EMAIL = "vera.fied@example.org";

const b64json = (s: string) => JSON.parse(Buffer.from(s, "base64url").toString("utf8"));
const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const keySet = async (): Promise<JwkSet> => (await get("/.well-known/jwks.json")).json();
const env = (): VerifyEnv => ({
  issuer: didWebOf(t.ctx.config.publicUrl),
  keys: keySet,
  statusList: async (url) => {
    const res = await get(new URL(url).pathname);
    return res.statusCode === 200 ? res.body : null;
  },
});

/** The independent check: Ed25519 over header.payload with the JWK the header's kid names, by node:crypto. */
async function independentlyValid(token: string): Promise<boolean> {
  const [h, p, s] = token.split(".");
  const fragment = String(b64json(h).kid).split("#")[1];
  const jwk = (await keySet()).keys.find((k) => k.kid === fragment);
  if (!jwk) return false;
  const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: "jwk" });
  return nodeVerify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, "base64url"));
}

/** The same JWT with its payload changed and the old signature kept. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits the parsed JSON freely
function tampered(token: string, change: (vc: any) => void): string {
  const [h, p, s] = token.split(".");
  const vc = b64json(p);
  change(vc);
  return `${h}.${Buffer.from(JSON.stringify(vc)).toString("base64url")}.${s}`;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  const r = await makeResult(t, { firstName: "Vera", lastName: "Fied", level: "9", receivedAt: new Date("2026-03-04T15:00:00Z") });
  candidateTestId = r.candidateTestId;
  await t.ctx.db.update(candidates).set({ email: EMAIL }).where(eq(candidates.id, r.candidateId));
  verificationKey = await ensureVerificationKey(t.ctx, candidateTestId);
  jwt = (await issueCredential(t.ctx, t.ctx.db, candidateTestId))!;
});
afterAll(() => t?.close());

describe("the credential, read against VC 2.0, VC-JOSE-COSE and Open Badges 3.0", () => {
  it("is a compact JWS, typ vc+jwt, EdDSA, whose kid is a key of the issuer's did:web", async () => {
    const [h] = jwt.split(".");
    const header = b64json(h);
    const did = didWebOf(t.ctx.config.publicUrl);
    expect(header).toMatchObject({ alg: "EdDSA", typ: "vc+jwt", cty: "vc" });
    expect(String(header.kid).startsWith(`${did}#key-`)).toBe(true);
    expect(await independentlyValid(jwt)).toBe(true);
    const didDoc = (await get("/.well-known/did.json")).json();
    expect(didDoc.id).toBe(did);
    expect(didDoc.assertionMethod).toContain(header.kid);
    expect(didDoc.verificationMethod.find((m: { id: string }) => m.id === header.kid).publicKeyJwk.crv).toBe("Ed25519");
  });

  it("names the provider, the candidate (name, salted email hash), the test, language, level with its equivalents, date and key", () => {
    const vc = b64json(jwt.split(".")[1]);
    expect(vc["@context"]).toEqual(["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"]);
    expect(vc.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(vc.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(vc.issuer).toMatchObject({ id: didWebOf(t.ctx.config.publicUrl), type: ["Profile"], name: t.ctx.config.issuerName });
    expect(Date.parse(vc.validFrom)).not.toBeNaN();
    const subject = vc.credentialSubject;
    expect(subject.type).toEqual(["AchievementSubject"]);
    const [name, email] = subject.identifier;
    expect(name).toEqual({ type: "IdentityObject", identityType: "name", hashed: false, identityHash: "Vera Fied" });
    expect(email).toMatchObject({ type: "IdentityObject", identityType: "emailAddress", hashed: true });
    expect(email.identityHash).toBe(`sha256$${createHash("sha256").update(EMAIL + email.salt).digest("hex")}`);
    expect(JSON.stringify(vc)).not.toContain(EMAIL);
    expect(subject.achievement).toMatchObject({ type: ["Achievement"], name: "English Writing Proficiency", inLanguage: "en" });
    const [result] = subject.result;
    expect(result).toMatchObject({ type: ["Result"], value: "9" });
    const level = subject.achievement.resultDescription[0].rubricCriterionLevel.find((l: { id: string }) => l.id === result.achievedLevel);
    expect(Object.fromEntries(level.alignment.map((a: { targetFramework: string; targetCode: string }) => [a.targetFramework, a.targetCode]))).toEqual({ CEFR: "C1", ILR: "3", ACTFL: "Superior" });
    expect(subject.activityEndDate).toBe("2026-03-04T00:00:00Z");
    expect(vc.evidence[0]).toMatchObject({ type: ["Evidence"], name: "Verification key", narrative: verificationKey });
    expect(vc.credentialStatus).toMatchObject({ type: "BitstringStatusListEntry", statusPurpose: "revocation" });
    expect(vc.credentialStatus.statusListIndex).toMatch(/^\d+$/);
  });

  it("passes every check of the page's checker; the log check says it was not made", async () => {
    const report = await checkCredential(jwt, env());
    expect(report.verdict).toBe("valid");
    expect(report.checks.map((c) => [c.check, c.outcome])).toEqual([
      ["structure", "passed"],
      ["signature", "passed"],
      ["issuerKey", "passed"],
      ["status", "passed"],
      ["logInclusion", "notChecked"],
    ]);
    expect(report.facts).toMatchObject({ candidateName: "Vera Fied", level: "9", cefr: "C1", ilr: "3", actfl: "Superior", verificationKey });
  });
});

describe("tampering", () => {
  it("a changed level, a swapped name, or a credential re-signed with another key fails the signature", async () => {
    const changedLevel = tampered(jwt, (vc) => (vc.credentialSubject.result[0].value = "12"));
    const swappedName = tampered(jwt, (vc) => (vc.credentialSubject.identifier[0].identityHash = "Mallory Forger"));
    const { privateKey } = generateKeyPairSync("ed25519");
    const [h, p] = jwt.split(".");
    const resigned = await new CompactSign(Buffer.from(p, "base64url")).setProtectedHeader(b64json(h)).sign(privateKey);
    for (const bad of [changedLevel, swappedName, resigned]) {
      expect(await independentlyValid(bad)).toBe(false);
      const report = await checkCredential(bad, env());
      expect(report.verdict).toBe("invalid");
      expect(report.checks.find((c) => c.check === "signature")).toMatchObject({ outcome: "failed", reason: "mismatch" });
    }
  });
});

describe("the signed PDF", () => {
  it("carries the credential as an attachment, prints its QR address, and a changed byte breaks its signature", async () => {
    const cookie = await t.signIn("admin@northwind.example");
    const res = await get(`/testing/results/${candidateTestId}/download`, cookie);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(checkPdfSignature(pdf)).toMatchObject({ subFilter: "ETSI.CAdES.detached", coversWholeFile: true, digestMatches: true, signatureValid: true });
    const files = await pdfAttachments(new Uint8Array(pdf));
    expect(files.map((f) => Buffer.from(f.data).toString("ascii"))).toEqual([jwt]);
    expect(files[0].subtype).toBe("application/vc+jwt");
    const changed = Buffer.from(pdf);
    const at = changed.indexOf("Vera Fied") > 0 ? changed.indexOf("Vera Fied") : 400;
    changed[at] ^= 0x01;
    expect(checkPdfSignature(changed)?.digestMatches).toBe(false);
    // The QR's address carries the whole credential.
    const url = `${t.ctx.config.publicUrl}/testing/results/verified/${verificationKey}#vc=${await compactCredential(jwt)}`;
    expect(await credentialFromText(url)).toBe(jwt);
    // Some 1,600 characters: a version-30 QR code at most (docs/verification.md).
    expect(url.length).toBeLessThan(1732);
  });
});

/** `npm run verify -- <file>` against this app (listening), as a verifier elsewhere runs it. */
async function cli(file: string): Promise<{ code: number; out: string }> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const root = path.resolve(import.meta.dirname, "../../../../..");
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "packages/server/src/cli/verify.ts", file, "--issuer-url", origin], { cwd: root }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

describe("npm run verify", () => {
  it("lists each check of a PDF and its credential and exits 0; a changed byte or a changed level exits 1", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-verify-"));
    try {
      const cookie = await t.signIn("admin@northwind.example");
      const pdf = (await get(`/testing/results/${candidateTestId}/download`, cookie)).rawPayload;
      fs.writeFileSync(path.join(dir, "result.pdf"), pdf);
      const good = await cli(path.join(dir, "result.pdf"));
      expect(good.out).toMatch(/PASS {2}PDF signature/);
      expect(good.out).toMatch(/PASS {2}Signature:/);
      expect(good.out).toMatch(/PASS {2}Revocation status/);
      // The log check: the result log of the same host, its checkpoint and proof checked by the CLI.
      expect(good.out).toMatch(/PASS {2}Result log inclusion: Entry \d+ of the public result log/);
      expect(good.out).toContain("=> VALID");
      expect(good.code).toBe(0);
      const changed = Buffer.from(pdf);
      changed[300] ^= 1;
      fs.writeFileSync(path.join(dir, "changed.pdf"), changed);
      const bad = await cli(path.join(dir, "changed.pdf"));
      expect(bad.out).toMatch(/FAIL {2}PDF signature/);
      expect(bad.code).toBe(1);
      fs.writeFileSync(path.join(dir, "forged.jwt"), tampered(jwt, (vc) => (vc.credentialSubject.result[0].value = "12")));
      const forged = await cli(path.join(dir, "forged.jwt"));
      expect(forged.out).toMatch(/FAIL {2}Signature:/);
      expect(forged.code).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("keys and revocation", () => {
  it("after a rotation the old credential still verifies (its key published, marked retired) and new ones use the new key", async () => {
    const oldKid = String(b64json(jwt.split(".")[0]).kid).split("#")[1];
    const newKid = await rotateKey(t.ctx);
    const keys = (await keySet()).keys;
    expect(keys.find((k) => k.kid === oldKid)?.retired_at).not.toBeNull();
    expect(keys.find((k) => k.kid === newKid)?.retired_at).toBeNull();
    expect(await independentlyValid(jwt)).toBe(true);
    const report = await checkCredential(jwt, env());
    expect(report.verdict).toBe("valid");
    expect(report.checks.find((c) => c.check === "issuerKey")).toMatchObject({ outcome: "passed", reason: "retired" });
    const other = await makeResult(t, { level: "5" });
    await ensureVerificationKey(t.ctx, other.candidateTestId);
    const fresh = (await issueCredential(t.ctx, t.ctx.db, other.candidateTestId))!;
    expect(String(b64json(fresh.split(".")[0]).kid).endsWith(`#${newKid}`)).toBe(true);
    expect((await checkCredential(fresh, env())).verdict).toBe("valid");
  });

  it("a revoked result shows revoked through the signed status list of at least 16 KB", async () => {
    const cookie = await t.signIn("executive@parlance.example");
    const res = await t.app.inject({ method: "POST", url: `/api/test_results/${candidateTestId}/revoke_credential`, headers: { cookie, origin: "http://localhost:3000", "content-type": "application/json" }, payload: "{}" });
    expect(res.statusCode).toBe(200);
    // The candidate is told their result's credential was revoked.
    const [attempt] = await t.ctx.db.select({ email: candidates.email }).from(candidateTests).innerJoin(candidates, eq(candidates.id, candidateTests.candidateId)).where(eq(candidateTests.id, candidateTestId));
    const mails = await t.ctx.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.toAddress, attempt.email));
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(/result credential has been revoked$/));
    const vc = b64json(jwt.split(".")[1]);
    const list = await get(new URL(vc.credentialStatus.statusListCredential).pathname);
    expect(list.headers["content-type"]).toContain("application/vc+jwt");
    expect(await independentlyValid(list.body)).toBe(true);
    const subject = b64json(list.body.split(".")[1]).credentialSubject;
    const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), "base64url"));
    expect(bits.length).toBeGreaterThanOrEqual(16 * 1024);
    const index = Number(vc.credentialStatus.statusListIndex);
    expect((bits[index >> 3] >> (7 - (index & 7))) & 1).toBe(1);
    const report = await checkCredential(jwt, env());
    expect(report.verdict).toBe("revoked");
    expect(report.checks.find((c) => c.check === "status")).toMatchObject({ outcome: "failed", reason: "revoked" });
    // Revoking again says so; the result keeps its key and row.
    const again = await t.app.inject({ method: "POST", url: `/api/test_results/${candidateTestId}/revoke_credential`, headers: { cookie, origin: "http://localhost:3000", "content-type": "application/json" }, payload: "{}" });
    expect(again.statusCode).toBe(409);
    const [row] = await t.ctx.db.select({ key: candidateTests.verificationKey }).from(candidateTests).where(eq(candidateTests.id, candidateTestId));
    expect(row.key).toBe(verificationKey);
  });

  it("a client cannot revoke (403), and nobody signed out can (401)", async () => {
    const cookie = await t.signIn("admin@northwind.example");
    const post = (c?: string) => t.app.inject({ method: "POST", url: `/api/test_results/${candidateTestId}/revoke_credential`, headers: { ...(c ? { cookie: c } : {}), origin: "http://localhost:3000", "content-type": "application/json" }, payload: "{}" });
    expect((await post(cookie)).statusCode).toBe(403);
    expect((await post()).statusCode).toBe(401);
  });
});
