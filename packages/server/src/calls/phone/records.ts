import { and, count, eq, gt, inArray, isNull } from "drizzle-orm";
import { phoneCallMessages, type PhoneCallMessage } from "@parlance/contract";
import type { Db } from "../../db/client.js";
import type { Tx } from "../../db/tx.js";
import { assignedTests, candidates, candidateTests, phoneCalls, tests } from "../../db/schema.js";
import { HttpError } from "../../http/errors.js";
import { contentOf, newestVersion } from "../../content/read.js";

export const phoneError = (status: number, name: PhoneCallMessage) => new HttpError(status, phoneCallMessages[name], `phoneCalls.messages.${name}`);

/** Calls one test may place in an hour: a mistyped number is tried again, a dialler is not. */
export const MAX_CALLS_PER_TEST_PER_HOUR = 5;

/**
 * Whether a test is taken by phone: an ivr test, or an online test whose content (the attempt's
 * pinned version, else the newest) continues by phone — its call takes the sections marked by_phone.
 */
export async function takenByPhone(db: Db, test: { id: number; testId: number; method: string }): Promise<boolean> {
  if (test.method === "ivr") return true;
  if (test.method !== "online") return false;
  const [attempt] = await db.select({ versionId: candidateTests.contentVersionId }).from(candidateTests).where(eq(candidateTests.assignedTestId, test.id));
  const versionId = attempt?.versionId ?? (await newestVersion(db, test.testId));
  return versionId !== null && (await contentOf(db, versionId)).continues_by_phone === true;
}

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

/** Whether a call of this test is ringing or in progress (a test that continues by phone needs the candidate on the line). */
export async function hasActivePhoneCall(db: Tx, assignedTestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneCalls.id })
    .from(phoneCalls)
    .where(and(eq(phoneCalls.assignedTestId, assignedTestId), inArray(phoneCalls.status, ["requested", "ringing", "in_progress"])))
    .limit(1);
  return row !== undefined;
}
