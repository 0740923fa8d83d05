import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { candidateTests } from "./attempts.js";
import { createdAt } from "./columns.js";

// Credentials (server results/credentials/): the signed credential of every issued result
// and the provider's signing keys (docs/verification.md).

/**
 * The provider's Ed25519 signing keys. The public half is published (did.json, jwks.json) for
 * as long as the key exists, retired or not, so a credential signed years ago still verifies.
 * The private half is encrypted at rest (AES-256-GCM under CREDENTIAL_KEY_SECRET).
 */
export const credentialKeys = pgTable("credential_keys", {
  id: serial("id").primaryKey(),
  /** The key id in every JWS header (`did:web:…#<kid>`) and in the JWKS. */
  kid: text("kid").notNull().unique(),
  /** The public JWK (kty OKP, crv Ed25519, x). */
  publicJwk: jsonb("public_jwk").$type<{ kty: string; crv: string; x: string }>().notNull(),
  /** iv.tag.ciphertext (base64url) of the PKCS#8 DER private key. */
  privateKeyEnc: text("private_key_enc").notNull(),
  createdAt: createdAt(),
  /** Set when a newer key took over: it signs nothing new, and stays published. */
  retiredAt: timestamp("retired_at", { withTimezone: true }),
});

/**
 * One credential per issued result (the latest; a changed result is issued again, the old one
 * revoked). `id` is the credential's place in the revocation status list: list `floor((id-1)/N)`,
 * index `(id-1) mod N` (results/credentials/status-list.ts), so places are never reused.
 */
export const issuedCredentials = pgTable(
  "issued_credentials",
  {
    id: serial("id").primaryKey(),
    candidateTestId: integer("candidate_test_id")
      .notNull()
      .references(() => candidateTests.id),
    /** urn:uuid of the credential. */
    credentialId: text("credential_id").notNull().unique(),
    kid: text("kid").notNull(),
    /** The compact JWS (application/vc+jwt) as issued. */
    jwt: text("jwt").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Why: 'changed' (a new credential replaced it) or 'revoked' (the provider withdrew the result). */
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    // At most one credential of a result is in force.
    uniqueIndex("issued_credentials_current_idx").on(t.candidateTestId).where(sql`${t.revokedAt} is null`),
  ],
);

