import { hash, verify } from "@node-rs/argon2";

// argon2id (algorithm 2) with the OWASP-recommended minimum: 19 MiB, 2 passes.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Without a hash, still spend the time of a verification so timing does not reveal the account.
  if (!passwordHash) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$qW6SESyAAv7IabAuNh3L9Q$hZyQjYx44l/dLg9dNsebHPAWzoU9GV2BKFWYqKCOGN0";
