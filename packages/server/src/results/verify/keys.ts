import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { candidateTests } from "../../db/schema.js";
import { newVerificationKey } from "./verification-key.js";

/**
 * The verification key of a recorded result, given now if it has none. Scoring gives every new
 * result its key; results recorded before keys existed (imported history, the demo world) get
 * theirs the first time a report or certificate prints them. Two processes printing at once
 * agree: only the first write lands, and both read it back.
 */
export async function ensureVerificationKey(db: Db, candidateTestId: number): Promise<string> {
  await db
    .update(candidateTests)
    .set({ verificationKey: newVerificationKey() })
    .where(and(eq(candidateTests.id, candidateTestId), isNull(candidateTests.verificationKey)));
  const [row] = await db.select({ key: candidateTests.verificationKey }).from(candidateTests).where(eq(candidateTests.id, candidateTestId));
  if (!row?.key) throw new Error(`candidate test ${candidateTestId} has no verification key`);
  return row.key;
}
