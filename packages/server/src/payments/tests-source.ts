import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { hasNotice, testPriceCents } from "@parlance/contract";
import { assignedTests, candidates, tests } from "../db/schema.js";
import { ownAssignedTests, type Scope } from "../auth/scope.js";
import type { Tx } from "../db/tx.js";
import { registerFeeSource, type FeeLineItem, type FeeSource } from "./fees.js";

/** "test:123" ↔ assigned test 123. */
export const testItemId = (assignedTestId: number) => `test:${assignedTestId}`;
const assignedTestIdOf = (itemId: string): number | null => {
  const m = /^test:(\d{1,10})$/.exec(itemId);
  return m && Number(m[1]) <= 2_147_483_647 ? Number(m[1]) : null;
};

/**
 * The "tests" fee source: a candidate's own assigned tests in state needs_payment (not withdrawn,
 * not expired), priced by duration and notice (contract payments/test-pricing.ts) unless the
 * assignment fixed a fee. Paid, they become takeable.
 */
export const testsFeeSource: FeeSource = {
  kind: "tests",
  async list(tx: Tx, scope: Scope): Promise<FeeLineItem[]> {
    // The session's own candidate profiles (a client or staff session has none).
    const now = new Date();
    const rows = await tx
      .select({
        id: assignedTests.id,
        accountId: assignedTests.accountId,
        feeCents: assignedTests.feeCents,
        scheduledAt: assignedTests.scheduledAt,
        description: tests.description,
        durationMinutes: tests.durationMinutes,
      })
      .from(assignedTests)
      .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
      .innerJoin(tests, eq(tests.id, assignedTests.testId))
      .where(
        and(
          ownAssignedTests(scope),
          isNull(candidates.deletedAt),
          isNull(assignedTests.deletedAt),
          eq(assignedTests.state, "needs_payment"),
          eq(assignedTests.feesWaived, false),
          gt(assignedTests.expiresAt, now),
        ),
      )
      .orderBy(assignedTests.id);
    return rows.map((r) => ({
      id: testItemId(r.id),
      kind: "tests",
      description: r.description,
      amountCents: r.feeCents > 0 ? r.feeCents : testPriceCents(Math.max(1, r.durationMinutes), hasNotice(r.scheduledAt, now)),
      accountId: r.accountId,
    }));
  },
  async outstanding(tx: Tx, itemIds: string[]): Promise<string[]> {
    const ids = itemIds.map(assignedTestIdOf).filter((id): id is number => id !== null);
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: assignedTests.id })
      .from(assignedTests)
      .where(and(inArray(assignedTests.id, ids), eq(assignedTests.state, "needs_payment"), isNull(assignedTests.deletedAt), eq(assignedTests.feesWaived, false)));
    return rows.map((r) => testItemId(r.id));
  },
  async settle(tx: Tx, itemIds: string[]): Promise<void> {
    const ids = itemIds.map(assignedTestIdOf).filter((id): id is number => id !== null);
    if (ids.length === 0) return;
    // Only a test still waiting for payment changes: settling twice changes nothing.
    await tx
      .update(assignedTests)
      .set({ state: "takeable" })
      .where(and(inArray(assignedTests.id, ids), eq(assignedTests.state, "needs_payment")));
  },
};

registerFeeSource(testsFeeSource);
