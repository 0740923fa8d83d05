import { and, eq, isNotNull } from "drizzle-orm";
import { candidateTrackTests, proctorAgreements, proctorPasswords } from "../db/schema.js";
import type { Tx } from "../db/tx.js";

/**
 * What a proctored test needs before it starts (or before its paper is downloaded): the exam
 * password entered by the proctor when the proctor service is used, and the proctor's signed
 * agreement when the test is proctored. One place, used by Tests Show, start_test and the PDF.
 */

/** The facts of an assigned test these rules read (heldTest gives them). */
export interface ProctorFacts {
  id: number;
  /** The catalogue test is proctored. */
  proctored: boolean;
  /** Assigned with the proctor service: a proctor of the service sits with the candidate. */
  useProctorService: boolean;
  candidateTrackTestId: number | null;
}

export const isProctored = (f: Pick<ProctorFacts, "proctored" | "useProctorService">) => f.proctored || f.useProctorService;

/** An exam password is needed when the proctor service is used (its proctor receives it by mail). */
export const usesExamPassword = (f: Pick<ProctorFacts, "useProctorService">) => f.useProctorService;

/**
 * The group one proctor agreement covers: the battery the test belongs to (every test of a
 * candidate track), or the assigned test alone. Null when the test is not proctored.
 */
export async function groupKeyOf(db: Tx, f: ProctorFacts): Promise<string | null> {
  if (!isProctored(f)) return null;
  if (f.candidateTrackTestId !== null) {
    const [row] = await db.select({ trackId: candidateTrackTests.trackId }).from(candidateTrackTests).where(eq(candidateTrackTests.id, f.candidateTrackTestId));
    if (row) return `battery-${row.trackId}`;
  }
  return `test-${f.id}`;
}

export interface ProctorSteps {
  proctored: boolean;
  groupKey: string | null;
  /** The exam password must still be entered. */
  passwordNeeded: boolean;
  /** The agreement must still be signed. */
  signatureNeeded: boolean;
}

export async function proctorSteps(db: Tx, f: ProctorFacts): Promise<ProctorSteps> {
  const groupKey = await groupKeyOf(db, f);
  if (groupKey === null) return { proctored: false, groupKey: null, passwordNeeded: false, signatureNeeded: false };
  let passwordNeeded = false;
  if (usesExamPassword(f)) {
    const [done] = await db
      .select({ id: proctorPasswords.assignedTestId })
      .from(proctorPasswords)
      .where(and(eq(proctorPasswords.assignedTestId, f.id), isNotNull(proctorPasswords.authorizedAt)));
    passwordNeeded = !done;
  }
  const [signed] = await db.select({ id: proctorAgreements.id }).from(proctorAgreements).where(eq(proctorAgreements.groupKey, groupKey));
  return { proctored: true, groupKey, passwordNeeded, signatureNeeded: !signed };
}

/** Whether a step is left: the test may not start (nor its paper be downloaded) yet. */
export async function proctorStepsLeft(db: Tx, f: ProctorFacts): Promise<boolean> {
  const steps = await proctorSteps(db, f);
  return steps.passwordNeeded || steps.signatureNeeded;
}
