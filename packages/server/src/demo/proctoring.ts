import { eq } from "drizzle-orm";
import { proctoringCostCents } from "@parlance/contract";
import { accessCodes, assignedTests, candidates, proctoringReservations, proctoringReservationTests } from "../db/schema.js";
import { setExamPassword } from "../proctoring/exam-password.js";
import type { Tx } from "../db/tx.js";
import type { CatalogueIds } from "./catalogue.js";
import { easternTime } from "./history/random.js";

/**
 * The demo candidate's proctored tests (test delivery): the proctored online reading test with the
 * proctor service and a known exam password, reserved with the demo proctor (proctor@parlance.example:
 * their Proctored Tests list leads to it, where they upload the candidate's answers file), and a
 * paper test (its PDF after the agreement).
 * Kept apart from the demo history, which another area maintains; seed.ts calls it after it.
 */

/** The exam password of the demo's proctored online test (printed in the README's demo section). */
export const DEMO_EXAM_PASSWORD = "PROCTOR-26";
export const DEMO_PROCTORED_ACCESS_CODE = "NW-PROCTOR-2026";
export const DEMO_PAPER_ACCESS_CODE = "NW-PAPER-2026";

const DAY = 86_400_000;

/** The Eastern zone's id (contract TIME_ZONES), the zone the demo sitting is booked in. */
const EASTERN = 23;

export async function seedDemoProctoring(
  tx: Tx,
  ids: { catalogue: CatalogueIds; demoCandidateId: number; proctorUserId: number; bookedByUserId: number },
): Promise<{ proctored: number; paper: number }> {
  const [candidate] = await tx.select().from(candidates).where(eq(candidates.id, ids.demoCandidateId));
  // The proctoring desk arranges the sitting from the candidate's contact details (the exam password mail carries them).
  if (candidate.phoneNumber === "" || candidate.streetAddress === "") {
    await tx
      .update(candidates)
      .set({ phoneNumber: "617-555-0188", streetAddress: "200 Atlantic Avenue", city: "Boston", state: "MA", postalCode: "02110" })
      .where(eq(candidates.id, candidate.id));
  }
  const now = new Date();
  const add = async (test: string, accessCode: string, useProctorService: boolean) => {
    const [row] = await tx
      .insert(assignedTests)
      .values({
        accountId: candidate.accountId,
        officeId: candidate.officeId,
        candidateId: candidate.id,
        accountTestId: ids.catalogue.accountTests[candidate.accountId][test],
        testId: ids.catalogue.tests[test],
        accessCode,
        state: "takeable",
        useProctorService,
        notifyCandidate: true,
        createdAt: new Date(now.getTime() - DAY),
        expiresAt: new Date(now.getTime() + 29 * DAY),
      })
      .returning({ id: assignedTests.id });
    if (candidate.userId !== null) await tx.insert(accessCodes).values({ code: accessCode, userId: candidate.userId, expiresAt: new Date(now.getTime() + 365 * DAY) });
    return row.id;
  };
  const proctored = await add("en-reading-proctored", DEMO_PROCTORED_ACCESS_CODE, true);
  const paper = await add("es-reading-paper", DEMO_PAPER_ACCESS_CODE, false);
  // Northwind's administrator reserved proctoring for tomorrow at 11:00 Eastern with the demo proctor,
  // and paid its fee when booking (no payment row: the demo's fee lists stay those of its billing).
  const sitting = easternTime(now, 1, 11);
  const [reservation] = await tx
    .insert(proctoringReservations)
    .values({
      accountId: candidate.accountId,
      officeId: candidate.officeId,
      candidateId: candidate.id,
      proctorUserId: ids.proctorUserId,
      scheduledAt: sitting,
      timeZoneId: EASTERN,
      durationMinutes: 60,
      costCents: proctoringCostCents(60, false),
      bookedByUserId: ids.bookedByUserId,
      bookedAs: "staff",
      feeStatus: "paid",
      paidAt: new Date(now.getTime() - DAY),
      createdAt: new Date(now.getTime() - DAY),
    })
    .returning({ id: proctoringReservations.id });
  await tx.insert(proctoringReservationTests).values({ reservationId: reservation.id, assignedTestId: proctored });
  await tx.update(assignedTests).set({ scheduledAt: sitting, scheduledTimeZoneId: EASTERN }).where(eq(assignedTests.id, proctored));
  // Issued as if mailed to the proctoring desk, but with a password the README can print.
  await setExamPassword(tx, proctored, DEMO_EXAM_PASSWORD, "proctoring@parlance.example");
  return { proctored, paper };
}
