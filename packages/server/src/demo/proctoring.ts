import { eq } from "drizzle-orm";
import { accessCodes, assignedTests, candidates } from "../db/schema.js";
import { setExamPassword } from "../proctoring/exam-password.js";
import type { Tx } from "../db/tx.js";
import type { CatalogueIds } from "./catalogue.js";

/**
 * The demo candidate's proctored tests (test delivery): the proctored online reading test with the
 * proctor service and a known exam password, and a paper test (its PDF after the agreement).
 * Kept apart from the demo history, which another area maintains; seed.ts calls it after it.
 */

/** The exam password of the demo's proctored online test (printed in the README's demo section). */
export const DEMO_EXAM_PASSWORD = "PROCTOR-26";
export const DEMO_PROCTORED_ACCESS_CODE = "NW-PROCTOR-2026";
export const DEMO_PAPER_ACCESS_CODE = "NW-PAPER-2026";

const DAY = 86_400_000;

export async function seedDemoProctoring(tx: Tx, ids: { catalogue: CatalogueIds; demoCandidateId: number }): Promise<{ proctored: number; paper: number }> {
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
  // Issued as if mailed to the proctoring desk, but with a password the README can print.
  await setExamPassword(tx, proctored, DEMO_EXAM_PASSWORD, "proctoring@parlance.example");
  return { proctored, paper };
}
