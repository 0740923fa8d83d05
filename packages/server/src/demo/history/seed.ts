import { sql } from "drizzle-orm";
import { Role } from "@parlance/contract";
import type { Tx } from "../../db/tx.js";
import { accessCodes, assignedTests, candidates, candidateTests, candidateTrackTests, candidateTracks, resultRecipients, testGroups, testGroupTests, users } from "../../db/schema.js";
import { newAccessCode } from "../../candidates/candidate-user.js";
import { DEMO_ACCESS_CODE } from "../world.js";
import { planDemoHistory } from "./plan.js";
import type { HistoryWorld, PlannedTest } from "./types.js";

/**
 * The demo history: test groups, result recipients, and candidates of every office with 18 months
 * of assigned tests, attempts, results and batteries, so that every screen of client
 * administration has something true to show. Every display status, score text, not-completed and
 * could-not-score reason and cancellation result of contract/history/display-status.ts occurs at
 * least once (history.api.test.ts checks it).
 *
 * planDemoHistory is pure and deterministic (a seeded generator, dates relative to `now`); only
 * the access codes are random, as real ones must be. seedDemoHistory inserts the plan in a few
 * bulk statements, because every API test file seeds the world.
 */

export interface DemoHistoryIds {
  /** Candidate profile ids by "First Last" (middle names left out). */
  candidates: Record<string, number>;
  /** The demo candidate's two profiles (one user, two employers: the Choose Employer case). */
  demoCandidate: { northwind: number; contoso: number };
  /** Test group ids by description. */
  testGroups: Record<string, number>;
  /** Result recipient ids by email. */
  resultRecipients: Record<string, number>;
  /** Battery (candidate track) ids by the candidate's "First Last". */
  tracks: Record<string, number>;
}

export const emptyHistoryIds = (): DemoHistoryIds => ({ candidates: {}, demoCandidate: { northwind: 0, contoso: 0 }, testGroups: {}, resultRecipients: {}, tracks: {} });

const languageOf = (languageId: number) => (languageId === 104 ? "zh-HANS" : languageId === 106 ? "zh-HANT" : "en-US");

/** Inserts the demo history (inside seedDemoWorld's transaction): one statement per table. */
export async function seedDemoHistory(tx: Tx, world: HistoryWorld, now: Date = new Date()): Promise<DemoHistoryIds> {
  const plan = planDemoHistory(world, now);
  const ids = emptyHistoryIds();

  const groupRows = await tx.insert(testGroups).values(plan.groups.map((g) => g.values)).returning({ id: testGroups.id });
  plan.groups.forEach((g, i) => (ids.testGroups[g.values.description] = groupRows[i].id));
  await tx.insert(testGroupTests).values(plan.groups.flatMap((g, i) => g.accountTestIds.map((accountTestId, position) => ({ groupId: groupRows[i].id, accountTestId, position }))));

  const recipientRows = await tx.insert(resultRecipients).values(plan.recipients).returning({ id: resultRecipients.id });
  plan.recipients.forEach((r, i) => (ids.resultRecipients[r.email!] = recipientRows[i].id));

  const candidateRows = await tx
    .insert(candidates)
    .values(plan.candidates.map((c) => ({ ...c.values, userId: typeof c.user === "number" ? c.user : null })))
    .returning({ id: candidates.id });
  const candidateId = (i: number) => candidateRows[i].id;
  plan.candidates.forEach((c, i) => {
    if (typeof c.user !== "number") ids.candidates[c.key] = candidateId(i);
  });
  const demoIndexes = plan.candidates.flatMap((c, i) => (typeof c.user === "number" ? [[c.account, i] as const] : []));
  for (const [account, i] of demoIndexes) ids.demoCandidate[account] = candidateId(i);
  ids.candidates["Elena Moreau"] = ids.demoCandidate.northwind;

  // Sign-ins, as test assignment creates them (ensureCandidateUser): by email, or a placeholder.
  const newUsers = plan.candidates.flatMap((c, i) => (c.user === "new" ? [i] : []));
  const userIdOf = new Map<number, number>(plan.candidates.flatMap((c, i) => (typeof c.user === "number" ? [[i, c.user] as const] : [])));
  if (newUsers.length > 0) {
    const userRows = await tx
      .insert(users)
      .values(
        newUsers.map((i) => {
          const c = plan.candidates[i].values;
          return {
            email: c.email || `candidate-${candidateId(i)}@no-email.invalid`,
            firstName: c.firstName,
            lastName: c.lastName,
            roles: [Role.Candidate, Role.User],
            accountId: c.accountId,
            officeId: c.officeId,
            language: languageOf(c.languageId ?? 140),
            createdAt: c.createdAt,
          };
        }),
      )
      .returning({ id: users.id });
    newUsers.forEach((i, n) => userIdOf.set(i, userRows[n].id));
    const pairs = newUsers.map((i, n) => sql`(${candidateId(i)}::int, ${userRows[n].id}::int)`);
    await tx.execute(sql`update ${candidates} set user_id = v.user_id from (values ${sql.join(pairs, sql`, `)}) as v(id, user_id) where ${candidates.id} = v.id`);
  }

  const trackRows = await tx
    .insert(candidateTracks)
    .values(plan.tracks.map((t) => ({ ...t.values, candidateId: candidateId(t.candidate), testGroupId: groupRows[t.group].id })))
    .returning({ id: candidateTracks.id });
  plan.tracks.forEach((t, i) => (ids.tracks[plan.candidates[t.candidate].key] = trackRows[i].id));
  const trackTestRows = await tx
    .insert(candidateTrackTests)
    .values(plan.tracks.flatMap((t, i) => t.tests.map((tt) => ({ ...tt, trackId: trackRows[i].id }))))
    .returning({ id: candidateTrackTests.id });
  const trackTestId = new Map<string, number>();
  let n = 0;
  plan.tracks.forEach((t, i) => t.tests.forEach((tt) => trackTestId.set(`${i}/${tt.position}`, trackTestRows[n++].id)));

  const codes = new Set<string>([DEMO_ACCESS_CODE]);
  const codeOf = (t: PlannedTest) => {
    if (t.accessCode) return t.accessCode;
    let code = newAccessCode();
    while (codes.has(code)) code = newAccessCode();
    codes.add(code);
    return code;
  };
  const assignedRows = await tx
    .insert(assignedTests)
    .values(
      plan.tests.map((t) => ({
        ...t.values,
        candidateId: candidateId(t.candidate),
        candidateTrackTestId: t.track ? trackTestId.get(`${t.track.track}/${t.track.position}`)! : null,
        accessCode: codeOf(t),
      })),
    )
    .returning({ id: assignedTests.id, accessCode: assignedTests.accessCode });

  const attempts = plan.tests.flatMap((t, i) => (t.attempt ? [{ ...t.attempt, assignedTestId: assignedRows[i].id, candidateId: candidateId(t.candidate) }] : []));
  if (attempts.length > 0) await tx.insert(candidateTests).values(attempts);

  // Each assigned test's code signs its candidate in (the demo code exists already).
  const codeRows = plan.tests.flatMap((t, i) => {
    const userId = userIdOf.get(t.candidate);
    if (userId === undefined || t.values.deletedAt || t.accessCode === DEMO_ACCESS_CODE) return [];
    return [{ code: assignedRows[i].accessCode, userId, expiresAt: t.values.expiresAt, createdAt: t.values.createdAt! }];
  });
  if (codeRows.length > 0) await tx.insert(accessCodes).values(codeRows);
  return ids;
}
