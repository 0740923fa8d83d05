import { describe, expect, it } from "vitest";
import { generateKeyPairSync, sign } from "node:crypto";
import { checkCredential, compactCredential, credentialFromText, didWebOf, expandCredential, type VerifyEnv } from "./credential-check.js";
import type { JwkSet } from "./credentials.js";

/** A signed VC-JWT of a minimal Open Badges 3.0 credential, made with node:crypto (not the checker's Web Crypto). */
function signed(payload: Record<string, unknown>, kid = "did:web:example.org#key-1") {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const h = Buffer.from(JSON.stringify({ alg: "EdDSA", typ: "vc+jwt", kid })).toString("base64url");
  const p = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const s = sign(null, Buffer.from(`${h}.${p}`), privateKey).toString("base64url");
  const jwk = publicKey.export({ format: "jwk" }) as { x: string };
  const keys: JwkSet = { keys: [{ kty: "OKP", crv: "Ed25519", x: jwk.x, kid: "key-1", alg: "EdDSA", use: "sig", created_at: "2026-01-01T00:00:00.000Z", retired_at: null }] };
  return { jwt: `${h}.${p}.${s}`, keys };
}

const credential = {
  "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
  id: "urn:uuid:00000000-0000-4000-8000-000000000000",
  type: ["VerifiableCredential", "OpenBadgeCredential"],
  issuer: { id: "did:web:example.org", type: ["Profile"], name: "Example" },
  validFrom: "2026-03-05T10:00:00Z",
  credentialSubject: { type: ["AchievementSubject"], achievement: { type: ["Achievement"], name: "Test" } },
  credentialStatus: { type: "BitstringStatusListEntry", statusPurpose: "revocation", statusListIndex: "3", statusListCredential: "https://example.org/credentials/status/0" },
};

describe("the QR code's compact form and the forms a person pastes", () => {
  it("gives back the exact JWT from a verification address, JSON and an enveloped credential", async () => {
    const { jwt } = signed(credential);
    const compact = await compactCredential(jwt);
    expect(await expandCredential(compact)).toBe(jwt);
    expect(compact.length).toBeLessThan(jwt.length);
    expect(await credentialFromText(`https://example.org/testing/results/verified/K#vc=${compact}`)).toBe(jwt);
    expect(await credentialFromText(`  ${jwt}\n`)).toBe(jwt);
    expect(await credentialFromText(JSON.stringify({ jwt }))).toBe(jwt);
    expect(await credentialFromText(JSON.stringify({ "@context": ["https://www.w3.org/ns/credentials/v2"], type: "EnvelopedVerifiableCredential", id: `data:application/vc+jwt,${jwt}` }))).toBe(jwt);
    expect(await credentialFromText("not a credential")).toBeNull();
    expect(await credentialFromText("https://example.org/#vc=AAAA")).toBeNull();
  });

  it("did:web percent-encodes a port", () => {
    expect(didWebOf("http://localhost:3000")).toBe("did:web:localhost%3A3000");
    expect(didWebOf("https://results.example.org/")).toBe("did:web:results.example.org");
  });
});

describe("checkCredential", () => {
  const env = (keys: JwkSet | null, list: string | null = null): VerifyEnv => ({ issuer: "did:web:example.org", keys: async () => keys, statusList: async () => list });

  it("checks the signature against the named key and says what it could not check", async () => {
    const { jwt, keys } = signed(credential);
    const report = await checkCredential(jwt, env(keys));
    expect(report.checks.map((c) => `${c.check}:${c.outcome}:${c.reason}`)).toEqual([
      "structure:passed:ok",
      "signature:passed:ok",
      "issuerKey:passed:current",
      "status:notChecked:listUnreachable",
      "logInclusion:notChecked:notAvailable",
    ]);
    expect(report.verdict).toBe("valid");
  });

  it("fails a credential of another issuer, one whose structure is not Open Badges 3.0, and one it cannot read", async () => {
    const foreign = signed({ ...credential, issuer: { id: "did:web:forger.example", type: ["Profile"], name: "F" } }, "did:web:forger.example#key-1");
    expect((await checkCredential(foreign.jwt, env(foreign.keys))).checks.find((c) => c.check === "issuerKey")?.outcome).toBe("failed");
    const noStatus = signed({ ...credential, credentialStatus: undefined });
    expect((await checkCredential(noStatus.jwt, env(noStatus.keys))).checks[0]).toMatchObject({ outcome: "failed", reason: "status" });
    const garbage = await checkCredential("a.b", env(null));
    expect(garbage.verdict).toBe("invalid");
    expect(garbage.checks[0]).toMatchObject({ check: "structure", outcome: "failed", reason: "unreadable" });
  });

  it("without the keys nothing is confirmed", async () => {
    const { jwt } = signed(credential);
    const report = await checkCredential(jwt, env(null));
    expect(report.checks.find((c) => c.check === "signature")).toMatchObject({ outcome: "notChecked", reason: "noKeys" });
    expect(report.verdict).toBe("unconfirmed");
  });
});
