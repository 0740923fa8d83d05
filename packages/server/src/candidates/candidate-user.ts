import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { candidateMessages, Role } from "@parlance/contract";
import { HttpError } from "../http/errors.js";
import type { Db } from "../db/client.js";
import { accessCodes, candidates, users } from "../db/schema.js";

/** A database handle or an open transaction. */
type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The sign-in of a candidate profile, created on first need (assignment or activation). A person
 * with one email has one user across employers: their profiles in several accounts share it,
 * which is what the Choose Employer screen lists. A profile without an email gets a user with a
 * placeholder address that can never receive mail; such a candidate signs in by access code.
 */
export async function ensureCandidateUser(tx: Tx, candidateId: number): Promise<number> {
  const [c] = await tx.select().from(candidates).where(eq(candidates.id, candidateId)).limit(1);
  if (!c) throw new Error(`candidate ${candidateId} not found`);
  if (c.userId !== null) return c.userId;

  const email = c.email.trim() || `candidate-${c.id}@no-email.invalid`;
  const existing = await userWithEmail(tx, email);
  let userId: number;
  if (existing) {
    // Only a candidate's own sign-in is shared; never a staff or client user's, and no role is added.
    if (!isCandidateOnly(existing.roles)) throw staffEmailConflict();
    userId = existing.id;
  } else {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        firstName: c.firstName,
        lastName: c.lastName,
        roles: [Role.Candidate, Role.User],
        accountId: c.accountId,
        officeId: c.officeId,
        language: c.languageId === 104 ? "zh-HANS" : c.languageId === 106 ? "zh-HANT" : "en-US",
      })
      .returning({ id: users.id });
    userId = row.id;
  }
  await tx.update(candidates).set({ userId }).where(eq(candidates.id, candidateId));
  return userId;
}

/** A user a candidate profile may be linked to: a Candidate, with at most the basic User role beside it. */
export const isCandidateOnly = (roles: readonly number[]) =>
  roles.includes(Role.Candidate) && roles.every((r) => r === Role.Candidate || r === Role.User);

export const staffEmailConflict = () => new HttpError(409, candidateMessages.staffEmail, "candidates.messages.staffEmail");

async function userWithEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/**
 * Refuses a candidate email that belongs to anyone but a candidate (staff, client users,
 * evaluators): a client could otherwise link that person to a profile and sign in as them with
 * an access code. docs/api.md, "Candidates and sign-ins".
 */
export async function assertCandidateEmail(tx: Tx, email: string): Promise<void> {
  if (!email.trim()) return;
  const existing = await userWithEmail(tx, email.trim());
  if (existing && !isCandidateOnly(existing.roles)) throw staffEmailConflict();
}

// No 0/O, 1/I/L: codes are read aloud and typed from paper.
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A fresh access code such as 'K7QX-M4TP-9C'; about 50 bits, so it cannot be guessed. */
export function newAccessCode(): string {
  const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
}

/** Creates a sign-in access code for the user, valid until the test expires. */
export async function createAccessCode(tx: Tx, userId: number, expiresAt: Date): Promise<string> {
  for (;;) {
    const code = newAccessCode();
    const inserted = await tx.insert(accessCodes).values({ code, userId, expiresAt }).onConflictDoNothing().returning({ code: accessCodes.code });
    if (inserted.length > 0) return code;
  }
}
