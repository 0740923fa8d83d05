import { eq } from "drizzle-orm";
import type { TestContent } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { assignedTests } from "../db/schema.js";
import { moveAttempt, type AttemptState } from "./state-machine.js";
import { routeScoreableTest, type RoutedTest } from "./routing.js";

/**
 * An attempt is received (its responses are in: submitted online, the call ended, the paper came
 * back, the evaluator administered it): the attempt `received`, its assigned test `taken`, and in
 * the same transaction routed to scoring (routing.ts). `content` is the pinned content whose choice
 * items are scored automatically (null: nothing to score automatically). Callers hold the row lock.
 */
export async function receive(
  tx: Tx,
  attempt: { id: number; state: AttemptState; assignedTestId: number },
  fields: { receivedAt: Date; submittedAt: Date; receipt?: string | null; contentVersionId?: number | null },
  content: TestContent | null,
  now: Date,
): Promise<RoutedTest | null> {
  await moveAttempt(tx, attempt, "received", fields);
  await tx.update(assignedTests).set({ state: "taken" }).where(eq(assignedTests.id, attempt.assignedTestId));
  return routeScoreableTest(tx, attempt.id, content, now);
}
