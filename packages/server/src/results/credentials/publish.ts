import type { JwkSet } from "@parlance/contract";
import type { CredentialContext } from "./issue.js";
import { issuerDid } from "./issue.js";
import { publishedKeys } from "./keys.js";

/**
 * The provider's public keys at stable URLs, from memory (they answer with the database down):
 * /.well-known/did.json (did:web: the DID is the host of PUBLIC_URL) and /.well-known/jwks.json.
 * Retired keys stay in both, so every credential ever signed keeps its key.
 */

export function jwks(ctx: CredentialContext): JwkSet {
  return { keys: publishedKeys(ctx) };
}

export function didDocument(ctx: CredentialContext): Record<string, unknown> {
  const did = issuerDid(ctx);
  const methods = publishedKeys(ctx).map((k) => ({
    id: `${did}#${k.kid}`,
    type: "JsonWebKey2020",
    controller: did,
    publicKeyJwk: { kty: k.kty, crv: k.crv, x: k.x, kid: k.kid, alg: k.alg },
  }));
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/jws-2020/v1"],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}
