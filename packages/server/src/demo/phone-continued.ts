import { eq } from "drizzle-orm";
import { accessCodes, assignedTests, candidates } from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import type { CatalogueIds } from "./catalogue.js";

/**
 * The demo candidate's test that continues by phone (calls/ivr/README.md): English Reading and
 * Speaking (Online + Phone), assigned by Boston with its own access code. Its prelude asks for the
 * call (the developer phone rings at /dev/phone), its reading part is taken online while the call
 * holds, and its speaking part on the call.
 */
export const DEMO_PHONE_ACCESS_CODE = "NW-PHONE-2026";

const DAY = 86_400_000;

export async function seedDemoPhoneContinued(tx: Tx, ids: { catalogue: CatalogueIds; demoCandidateId: number }): Promise<number> {
  const [candidate] = await tx.select().from(candidates).where(eq(candidates.id, ids.demoCandidateId));
  const now = new Date();
  const [row] = await tx
    .insert(assignedTests)
    .values({
      accountId: candidate.accountId,
      officeId: candidate.officeId,
      candidateId: candidate.id,
      accountTestId: ids.catalogue.accountTests[candidate.accountId]["en-rs-phone"],
      testId: ids.catalogue.tests["en-rs-phone"],
      accessCode: DEMO_PHONE_ACCESS_CODE,
      state: "takeable",
      notifyCandidate: true,
      createdAt: new Date(now.getTime() - DAY),
      expiresAt: new Date(now.getTime() + 29 * DAY),
    })
    .returning({ id: assignedTests.id });
  if (candidate.userId !== null) await tx.insert(accessCodes).values({ code: DEMO_PHONE_ACCESS_CODE, userId: candidate.userId, expiresAt: new Date(now.getTime() + 365 * DAY) });
  return row.id;
}
