import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { Config } from "../../config.js";
import { candidateTests } from "../../db/schema.js";
import { logResult } from "../../result-log/index.js";
import { newVerificationKey } from "./verification-key.js";

/**
 * The verification key of a recorded result, given now if it has none. Scoring gives every new
 * result its key; results recorded before keys existed (imported history, the demo world) get
 * theirs the first time a report or certificate prints them, and that is when such a result is
 * issued: the result log records it then. Two processes printing at once agree: the row lock
 * lets only the first write land, and both read it back.
 */
export async function ensureVerificationKey(ctx: { db: Db; config: Pick<Config, "resultLog"> }, candidateTestId: number): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const given = await tx
      .update(candidateTests)
      .set({ verificationKey: newVerificationKey() })
      .where(and(eq(candidateTests.id, candidateTestId), isNull(candidateTests.verificationKey)))
      .returning({ key: candidateTests.verificationKey });
    if (given.length) await logResult(tx, ctx.config.resultLog, { type: "result.issued", attemptId: candidateTestId, at: new Date() });
    const [row] = await tx.select({ key: candidateTests.verificationKey }).from(candidateTests).where(eq(candidateTests.id, candidateTestId));
    if (!row?.key) throw new Error(`candidate test ${candidateTestId} has no verification key`);
    return row.key;
  });
}
