import { and, eq } from "drizzle-orm";
import type { ResultLogEntry, ResultLogEntryType } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import type { ResultLogConfig } from "../config.js";
import { assignedTests, candidateTests, languages, resultLogEntries, tests } from "../db/schema.js";
import { appendToResultLog, lockResultLog } from "./sequencer.js";

/**
 * What the result services call, in the transaction of their change and after it: the entry is
 * made from the attempt's row as the change left it, so the log states the result as recorded.
 */
export interface ResultEvent {
  type: ResultLogEntryType;
  /** The candidate_tests row. */
  attemptId: number;
  /** When it happened; the caller's own timestamp of the change (e.g. scoredAt), kept to the millisecond. */
  at: Date;
  /** The audit log's action, for result.audit and result.revoked. */
  action?: string;
}

export async function logResult(tx: Tx, config: ResultLogConfig, event: ResultEvent): Promise<number> {
  const [row] = await tx
    .select({
      key: candidateTests.verificationKey,
      state: candidateTests.state,
      resultState: candidateTests.resultState,
      level: candidateTests.resultValue,
      test: tests.id,
      language: languages.code,
    })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .where(eq(candidateTests.id, event.attemptId));
  if (!row) throw new Error(`result log: no attempt ${event.attemptId}`);
  const entry: ResultLogEntry = {
    v: 1,
    type: event.type,
    at: event.at.toISOString(),
    key: row.key,
    result: {
      attempt: event.attemptId,
      test: row.test,
      language: row.language,
      state: event.type === "result.revoked" ? "revoked" : row.state === "no_show" ? "no_show" : (row.resultState ?? row.state),
      level: row.resultState === "scored" ? row.level : null,
    },
    ...(event.action ? { action: event.action } : {}),
  };
  const { indices } = await appendToResultLog(tx, config, [entry]);
  return indices[0];
}

/**
 * Logs the result's issue unless the log has it already: a credential issued for a result whose
 * key predates the log. Checked under the sequencer's lock, so two processes cannot both add it.
 */
export async function logIssuedOnce(db: Tx, config: ResultLogConfig, attemptId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockResultLog(tx);
    const [logged] = await tx
      .select({ idx: resultLogEntries.idx })
      .from(resultLogEntries)
      .where(and(eq(resultLogEntries.candidateTestId, attemptId), eq(resultLogEntries.type, "result.issued")))
      .limit(1);
    if (!logged) await logResult(tx, config, { type: "result.issued", attemptId, at });
  });
}
