import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { candidateTests, scoringAssignments, users } from "../db/schema.js";
import type { TestApp } from "../test/harness.js";
import { insertAssignedTest, insertCandidate } from "../candidates/test-fixtures.js";

/** Test helpers of the result log (used only by *.api.test.ts). */

export const EXECUTIVE = "executive@parlance.example";

/** A received Northwind attempt waiting for scoring by the executive: what a release needs. */
export async function receivedAttempt(t: TestApp, n: number, test = "en-writing"): Promise<number> {
  const candidateId = await insertCandidate(t, { firstName: "Log", lastName: `Candidate${n}` });
  await insertAssignedTest(t, candidateId, { test, state: "taken", attempt: { state: "received", at: new Date() } });
  const [ct] = await t.ctx.db.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.candidateId, candidateId));
  const [exec] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, EXECUTIVE));
  await t.ctx.db.insert(scoringAssignments).values({ candidateTestId: ct.id, evaluatorUserId: exec.id, assignedAt: new Date(), dueAt: new Date(Date.now() + 86_400_000) });
  return ct.id;
}

/** Releases the result (POST submit_results) with ALTA level `level`; answers its verification key. */
export async function release(t: TestApp, cookie: string, attemptId: number, level = "7"): Promise<string> {
  const res = await t.request({ method: "POST", url: `/api/test_results/submit_results/${attemptId}`, cookie, body: { categories: [{ score_category_id: "alta", score_level_id: `alta.${level}` }] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().verification_key as string;
}
