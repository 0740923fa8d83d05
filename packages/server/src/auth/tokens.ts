import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random secret (session ids, reset and activation keys). */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Secrets are stored only as their SHA-256, so a database leak yields no usable session or key. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
