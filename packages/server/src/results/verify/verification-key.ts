import { randomBytes } from "node:crypto";

/**
 * Crockford's base32 alphabet: no I, L, O or U, so a printed key cannot be misread as 1 or 0
 * (and spells no words). Upper case letters and digits only, as the verification routes store
 * and compare keys (contract results/verify.ts normalizeVerificationKey).
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Characters of a key: 20 × 5 bits = 100 random bits, printed as five groups of four. */
export const VERIFICATION_KEY_LENGTH = 20;

/**
 * A new verification key for a recorded result: 100 bits from the system's CSPRNG, so keys
 * cannot be guessed or enumerated (the column is unique; a clash is a 2^-100 event and would
 * fail the insert rather than share a key).
 */
export function newVerificationKey(): string {
  const bytes = randomBytes(VERIFICATION_KEY_LENGTH);
  let key = "";
  // One byte per character, low five bits: 256 is a multiple of 32, so every character is uniform.
  for (const b of bytes) key += ALPHABET[b & 31];
  return key;
}
