import { and, count, eq, gt, isNull } from "drizzle-orm";
import { phoneCallMessages, type PhoneCallMessage } from "@parlance/contract";
import type { Tx } from "../../db/tx.js";
import { assignedTests, candidates, phoneCalls, tests } from "../../db/schema.js";
import { HttpError } from "../../http/errors.js";

export const phoneError = (status: number, name: PhoneCallMessage) => new HttpError(status, phoneCallMessages[name], `phoneCalls.messages.${name}`);

/** Calls one test may place in an hour: a mistyped number is tried again, a dialler is not. */
export const MAX_CALLS_PER_TEST_PER_HOUR = 5;

/**
 * Whether a test is taken by phone: an ivr test (the IVR engine runs ivr tests; an online test that
 * continues by phone is called from its own number once its online sections are done).
 */
export const takenByPhone = (test: { method: string }): boolean => test.method === "ivr";

/** Refuses a test that cannot be taken now (withdrawn, taken, cancelled, expired, unscheduled, unpaid). */
export function assertOpen(test: { deletedAt: Date | null; state: string; expiresAt: Date }, now: Date): void {
  if (test.deletedAt || test.state !== "takeable" || test.expiresAt.getTime() <= now.getTime()) throw phoneError(422, "notOpen");
}

/** Too many calls for this test in the last hour answer 429. */
export async function assertCallsLeft(db: Tx, assignedTestId: number, now: Date): Promise<void> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(phoneCalls)
    .where(and(eq(phoneCalls.assignedTestId, assignedTestId), gt(phoneCalls.createdAt, new Date(now.getTime() - 3600_000))));
  if (n >= MAX_CALLS_PER_TEST_PER_HOUR) throw phoneError(429, "tooManyCalls");
}

/** The facts of an assigned test a call needs, found by id (the caller's scope is checked before). */
export async function callFacts(db: Tx, assignedTestId: number) {
  const [row] = await db
    .select({
      id: assignedTests.id,
      accountId: assignedTests.accountId,
      officeId: assignedTests.officeId,
      accessCode: assignedTests.accessCode,
      state: assignedTests.state,
      expiresAt: assignedTests.expiresAt,
      deletedAt: assignedTests.deletedAt,
      testId: tests.id,
      method: tests.method,
      description: tests.description,
      candidatePhone: candidates.phoneNumber,
      languageId: tests.languageId,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(and(eq(assignedTests.id, assignedTestId), isNull(candidates.deletedAt)));
  return row ?? null;
}
export type CallFacts = NonNullable<Awaited<ReturnType<typeof callFacts>>>;
