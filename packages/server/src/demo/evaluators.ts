import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { Role, type ContentItem, type TestContent } from "@parlance/contract";
import type { Db } from "../db/client.js";
import {
  accessCodes,
  accountTests,
  accounts,
  assignedTests,
  candidateTestAnswers,
  candidates,
  candidateTests,
  evaluatorLanguages,
  evaluators,
  testContentVersions,
  tests,
  users,
} from "../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { routeScoreableTest } from "../attempts/index.js";
import { newVerificationKey } from "../results/verify/verification-key.js";
import { PROVIDER_TIME_ZONE } from "../results/scoring/due.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS } from "./world.js";
import { bookDemoEvaluators } from "./bookings.js";

/**
 * The demo world's scoring: four evaluators with their languages, a verification key on every
 * result of the demo history, the history's received-but-unscored tests routed like any other,
 * and four online attempts with answers waiting for evaluator@parlance.example — one overdue, one
 * due today, one tomorrow, one later — so the Tests to Score list is never empty on a fresh start.
 * Runs after the shipped content is imported (the attempts pin a content version).
 */

/** Who scores which languages (ids of db/reference.ts CATALOGUE_LANGUAGES). */
export const DEMO_EVALUATORS: readonly { email: string; languageIds: readonly number[] }[] = [
  { email: "evaluator@parlance.example", languageIds: [140, 150] }, // English, Spanish
  { email: "evaluator.zh@parlance.example", languageIds: [100, 104, 106] }, // Mandarin, Chinese (Simplified, Traditional)
  { email: "evaluator.intl@parlance.example", languageIds: [10, 50, 160] }, // Arabic, French, Vietnamese
  // A second Mandarin evaluator: a Mandarin video test declined by evaluator.zh can be handed over (the
  // other-evaluators dialog). Mandarin only, so the routing of Chinese (104/106), English and Spanish is unchanged.
  { email: "evaluator.zh2@parlance.example", languageIds: [100] }, // Mandarin
];

type DueSlot = "overdue" | "today" | "tomorrow" | "later";

/** The waiting attempts: test key, Northwind candidate (first, last), and where its due time falls. */
const WAITING: readonly { key: string; first: string; last: string; due: DueSlot; hoursAgo: number }[] = [
  { key: "en-reading", first: "Samuel", last: "Okonkwo", due: "overdue", hoursAgo: 52 },
  { key: "en-writing", first: "Daniela", last: "Souza", due: "today", hoursAgo: 26 },
  { key: "es-en-translation", first: "Sofia", last: "Ramirez", due: "tomorrow", hoursAgo: 5 },
  { key: "en-listening", first: "Katarzyna", last: "Nowak", due: "later", hoursAgo: 1 },
];

function dueFor(slot: DueSlot, now: Date): Date {
  const ny = DateTime.fromJSDate(now, { zone: PROVIDER_TIME_ZONE });
  if (slot === "overdue") return ny.minus({ hours: 3 }).toJSDate();
  // Late today (never in the past, even just before midnight).
  if (slot === "today") return DateTime.max(ny.set({ hour: 18, minute: 0, second: 0 }), ny.endOf("day").minus({ minutes: 1 }).startOf("minute")).toJSDate();
  if (slot === "tomorrow") return ny.plus({ days: 1 }).set({ hour: 18, minute: 0, second: 0, millisecond: 0 }).toJSDate();
  return ny.plus({ days: 4 }).set({ hour: 18, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}

/** Plausible answers: most choices right, some wrong; written answers of a few sentences. */
const WRITTEN = [
  "The clinic asks patients to arrive fifteen minutes early and to bring a list of their current medicines.",
  "I would explain the change to the patient calmly, confirm that they understood it, and write the new time on their appointment card.",
  "Please keep this medicine in the refrigerator and take it twice a day with food. Call us if you feel dizzy.",
  "Closed for inventory",
];
function demoResponse(item: ContentItem, n: number): string | null {
  if (item.kind === "radio") {
    if (n % 4 === 3) return item.choices.find((c) => c.id !== item.answer)?.id ?? item.choices[0].id;
    return item.answer ?? item.choices[0].id;
  }
  if (item.kind === "short_text" || item.kind === "sized_text" || item.kind === "textarea" || item.kind === "fixed_textarea") {
    return WRITTEN[n % WRITTEN.length];
  }
  return null;
}

async function ensureEvaluatorUsers(tx: Db): Promise<Map<string, number>> {
  const emails = DEMO_EVALUATORS.map((e) => e.email);
  const existing = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const ids = new Map(existing.map((u) => [u.email, u.id]));
  // A demo world made before these evaluators existed gets them at the next start.
  const missing = DEMO_USERS.filter((u) => emails.includes(u.email) && !ids.has(u.email));
  if (missing.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const rows = await tx
      .insert(users)
      .values(missing.map((u) => ({ email: u.email, firstName: u.firstName, lastName: u.lastName, roles: [Role.Evaluator, Role.User], passwordHash })))
      .returning({ id: users.id, email: users.email });
    rows.forEach((r) => ids.set(r.email, r.id));
  }
  return ids;
}

/** Keys for results recorded before keys existed (the demo history), in one statement. */
async function keyEveryResult(tx: Db): Promise<void> {
  const rows = await tx.select({ id: candidateTests.id }).from(candidateTests).where(and(isNotNull(candidateTests.resultState), isNull(candidateTests.verificationKey)));
  if (!rows.length) return;
  const values = JSON.stringify(rows.map((r) => ({ id: r.id, key: newVerificationKey() })));
  await tx.execute(
    sql`update ${candidateTests} set verification_key = v.key from jsonb_to_recordset(${values}::jsonb) as v(id int, key text) where ${candidateTests.id} = v.id`,
  );
}

async function addWaitingAttempts(tx: Db, evaluatorUserId: number, now: Date): Promise<number[]> {
  const [northwind] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, DEMO_ACCOUNTS.northwind.name));
  const made: number[] = [];
  for (const [n, w] of WAITING.entries()) {
    const [person] = await tx
      .select({ id: candidates.id, officeId: candidates.officeId, userId: candidates.userId })
      .from(candidates)
      .where(and(eq(candidates.accountId, northwind.id), eq(candidates.firstName, w.first), eq(candidates.lastName, w.last)))
      .limit(1);
    const [test] = await tx
      .select({ testId: tests.id, accountTestId: accountTests.id, versionId: testContentVersions.id, content: testContentVersions.content })
      .from(tests)
      .innerJoin(accountTests, and(eq(accountTests.testId, tests.id), eq(accountTests.accountId, northwind.id)))
      .innerJoin(testContentVersions, eq(testContentVersions.testId, tests.id))
      .where(eq(tests.contentKey, w.key))
      .orderBy(desc(testContentVersions.id))
      .limit(1);
    if (!person || !test) continue;
    const receivedAt = new Date(now.getTime() - w.hoursAgo * 3600_000);
    const startedAt = new Date(receivedAt.getTime() - 40 * 60_000);
    const [assigned] = await tx
      .insert(assignedTests)
      .values({
        accountId: northwind.id,
        officeId: person.officeId,
        candidateId: person.id,
        accountTestId: test.accountTestId,
        testId: test.testId,
        accessCode: `NW-SC${n + 1}-${newVerificationKey().slice(0, 6)}`,
        state: "taken",
        expiresAt: new Date(startedAt.getTime() + 30 * 24 * 3600_000),
        createdAt: new Date(startedAt.getTime() - 2 * 24 * 3600_000),
      })
      .returning({ id: assignedTests.id, accessCode: assignedTests.accessCode, expiresAt: assignedTests.expiresAt });
    // As assignment does: the code signs in a candidate who has a sign-in.
    if (person.userId !== null) await tx.insert(accessCodes).values({ code: assigned.accessCode, userId: person.userId, expiresAt: assigned.expiresAt });
    const [attempt] = await tx
      .insert(candidateTests)
      .values({ assignedTestId: assigned.id, candidateId: person.id, accountId: northwind.id, state: "received", startedAt, receivedAt, submittedAt: receivedAt, contentVersionId: test.versionId, createdAt: startedAt })
      .returning({ id: candidateTests.id });
    const content = test.content as TestContent;
    const answers = content.sections
      .flatMap((s) => s.items)
      .flatMap((item, i) => {
        const response = demoResponse(item, i);
        return response === null ? [] : [{ candidateTestId: attempt.id, itemId: item.id, response, seq: i + 1, savedAt: receivedAt }];
      });
    if (answers.length) await tx.insert(candidateTestAnswers).values(answers);
    await routeScoreableTest(tx, attempt.id, content, receivedAt, { evaluatorUserId, dueAt: dueFor(w.due, now) });
    made.push(attempt.id);
  }
  return made;
}

export interface DemoScoringIds {
  evaluators: Record<string, number>;
  /** The four waiting online attempts of evaluator@parlance.example (candidate test ids). */
  waiting: number[];
}

/**
 * Seeds the demo scoring once (it does nothing when evaluators exist already), in a new demo
 * world and in one made before scoring existed.
 */
export async function seedDemoScoring(db: Db, now: Date = new Date()): Promise<DemoScoringIds | null> {
  const [any] = await db.select({ id: evaluators.userId }).from(evaluators).limit(1);
  if (any) return null;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ids = await ensureEvaluatorUsers(t);
    await tx.insert(evaluators).values(DEMO_EVALUATORS.map((e) => ({ userId: ids.get(e.email)! })));
    await tx.insert(evaluatorLanguages).values(DEMO_EVALUATORS.flatMap((e) => e.languageIds.map((languageId) => ({ evaluatorUserId: ids.get(e.email)!, languageId }))));
    await keyEveryResult(t);
    const waiting = await addWaitingAttempts(t, ids.get("evaluator@parlance.example")!, now);
    await bookDemoEvaluators(t, now);
    // The history's received tests without a result are scoreable like any other.
    const unscored = await tx
      .select({ id: candidateTests.id, receivedAt: candidateTests.receivedAt })
      .from(candidateTests)
      .where(and(inArray(candidateTests.state, ["received", "partially_received"]), isNull(candidateTests.resultState)))
      .orderBy(asc(candidateTests.receivedAt), asc(candidateTests.id));
    for (const u of unscored) await routeScoreableTest(tx, u.id, null, u.receivedAt ?? now);
    return { evaluators: Object.fromEntries(ids), waiting };
  });
}
