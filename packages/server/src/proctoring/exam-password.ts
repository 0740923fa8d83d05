import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { PROCTOR_PASSWORD_MAX } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { candidates, proctorPasswords, tests, assignedTests } from "../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { queueMail } from "../mail/outbox.js";
import { usesExamPassword, type ProctorFacts } from "./steps.js";
import type { Tx } from "../db/tx.js";

/**
 * Exam passwords of proctor-service tests: one per assigned test, random, shown to nobody but
 * the proctoring desk (by mail), stored as an argon2id hash.
 */

/** No 0/O, 1/I/L: a proctor reads it off a mail and types it at the candidate's desk. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** Two groups of four (about 39 bits): within the spec's 15 characters, easy to read out. */
export function newExamPassword(): string {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  const password = `${pick()}-${pick()}`;
  if (password.length > PROCTOR_PASSWORD_MAX) throw new Error("exam password too long");
  return password;
}

/** Exam passwords are compared without surrounding spaces and case: proctors type them from a mail. */
export const normalizeExamPassword = (password: string) => password.trim().toUpperCase();

/** Stores the hash of a known password (the demo world's) unless the test already has one. */
export async function setExamPassword(db: Tx, assignedTestId: number, password: string, mailedTo: string): Promise<boolean> {
  const rows = await db
    .insert(proctorPasswords)
    .values({ assignedTestId, passwordHash: await hashPassword(normalizeExamPassword(password)), mailedTo })
    .onConflictDoNothing()
    .returning({ id: proctorPasswords.assignedTestId });
  return rows.length > 0;
}

/**
 * Issues the exam password of a proctor-service test the first time it is needed (the candidate
 * opens the test page) and mails it to the proctoring desk with the candidate's proctoring
 * contact details. Two requests at once issue one: the insert decides, and only it mails.
 */
export async function ensureExamPassword(ctx: Pick<AppContext, "db" | "jobs" | "config">, f: ProctorFacts): Promise<void> {
  if (!usesExamPassword(f)) return;
  const [existing] = await ctx.db.select({ id: proctorPasswords.assignedTestId }).from(proctorPasswords).where(eq(proctorPasswords.assignedTestId, f.id));
  if (existing) return;
  const password = newExamPassword();
  const to = ctx.config.proctorServiceEmail;
  if (!(await setExamPassword(ctx.db, f.id, password, to))) return;
  const [who] = await ctx.db
    .select({
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      phone: candidates.phoneNumber,
      street: candidates.streetAddress,
      city: candidates.city,
      state: candidates.state,
      postalCode: candidates.postalCode,
      accessCode: assignedTests.accessCode,
      test: tests.description,
    })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(eq(assignedTests.id, f.id));
  const address = [who.street, [who.city, who.state, who.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  // The proctoring desk is the provider's own staff: this mail is in English.
  const text = [
    `Exam password for a proctored test`,
    ``,
    `Candidate: ${who.firstName} ${who.lastName}`,
    `Phone: ${who.phone || "(not given)"}`,
    `Address: ${address || "(not given)"}`,
    `Test: ${who.test} (assigned test ${f.id}, access code ${who.accessCode})`,
    ``,
    `Exam password: ${password}`,
    ``,
    `Enter it at the candidate's computer when the test page asks for the exam password. It works for this test only.`,
  ].join("\n");
  await queueMail(ctx, { to, subject: `Exam password: ${who.firstName} ${who.lastName}, ${who.test}`, text, template: "proctorExamPassword" });
}
