import { z } from "zod";
import { defineRoute } from "../route.js";
import { idInput } from "../common/ids.js";

/**
 * The signed credential of every issued result (docs/verification.md): an Open Badges 3.0 /
 * W3C Verifiable Credentials 2.0 credential secured as a VC-JWT (application/vc+jwt, VC-JOSE-COSE,
 * Ed25519), the provider's public keys (did:web document and JWKS), and the W3C Bitstring Status
 * List that marks revoked credentials. Public and stable: a verifier years from now needs only
 * these URLs, and once it holds the keys, nothing of ours at all.
 */

/** The media type of a credential file (VC-JOSE-COSE §3.1.1). */
export const VC_JWT_MEDIA_TYPE = "application/vc+jwt";
/** The name of the credential attached to a result PDF (and the file the CLI and page read). */
export const CREDENTIAL_ATTACHMENT_NAME = "credential.jwt";
/** Bits in one status list: 131,072 = 16 KiB, the minimum the Bitstring Status List asks for privacy. */
export const STATUS_LIST_BITS = 16 * 1024 * 8;

export const credentialPaths = {
  did: "/.well-known/did.json",
  jwks: "/.well-known/jwks.json",
  statusList: (list: number) => `/credentials/status/${list}`,
};

/** A published public key: an Ed25519 JWK; `retired_at` (ours, ignored by JOSE libraries) when it signs nothing new. */
export const publishedJwk = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string(),
  kid: z.string(),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
  /** When the key was made (ISO). */
  created_at: z.string(),
  /** When a newer key took over (ISO); it still verifies what it signed. */
  retired_at: z.string().nullable(),
});
export type PublishedJwk = z.infer<typeof publishedJwk>;
export const jwkSet = z.object({ keys: z.array(publishedJwk) });
export type JwkSet = z.infer<typeof jwkSet>;

export const credentialMessages = {
  notIssued: "This result has no credential.",
  alreadyRevoked: "This result's credential was already revoked.",
} as const;

export const credentialRoutes = {
  didDocument: defineRoute({
    method: "GET",
    path: credentialPaths.did,
    input: z.object({}),
    output: z.record(z.string(), z.unknown()),
    access: "public",
    failure: "credentialKeysFailure",
    summary: "The provider's did:web DID document: every signing key, retired ones too (served from memory)",
  }),
  jwks: defineRoute({
    method: "GET",
    path: credentialPaths.jwks,
    input: z.object({}),
    output: jwkSet,
    access: "public",
    failure: "credentialKeysFailure",
    summary: "The provider's signing keys as a JWK Set, retired ones marked retired_at (served from memory)",
  }),
  statusList: defineRoute({
    method: "GET",
    path: "/credentials/status/:list",
    params: z.object({ list: z.coerce.number().int().min(0).max(100_000) }),
    input: z.object({}),
    output: z.string().describe("a BitstringStatusListCredential (application/vc+jwt)"),
    access: "public",
    failure: "credentialStatusFailure",
    summary: "A signed W3C Bitstring Status List (revocation) of issued credentials",
  }),
  credential: defineRoute({
    method: "GET",
    path: "/api/test_results/credential/:key",
    params: z.object({ key: z.string().max(200) }),
    input: z.object({}),
    output: z.object({ jwt: z.string() }),
    access: "public",
    failure: "verifyFailure",
    summary: "The current credential of a result by its verification key (rate-limited per address like verify)",
  }),
  revoke: defineRoute({
    method: "POST",
    path: "/api/test_results/:id/revoke_credential",
    params: idInput,
    input: z.object({}),
    output: z.object({ success: z.literal(true) }),
    access: "backOffice",
    failure: "credentialRevokeFailure",
    summary: "The provider withdraws a result: its credential is marked revoked in the status list",
  }),
} as const;
