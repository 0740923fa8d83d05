import { and, asc, eq, sql } from "drizzle-orm";
import { testValue, type AssignmentOptions, type MedicalTestGroup, type TestOption } from "@parlance/contract";
import { accountTests, languages, medicalTestSets, medicalTestSetTests, offices, tests } from "../db/schema.js";
import type { DbContext } from "../context.js";
import { clientScope, inAccount, officesInScope, type Scope } from "../auth/scope.js";

import { accountOf, activeAccountTests, availableGroups, findCandidate, officeOf } from "./records.js";
export async function assignmentOptionsFor({ db }: DbContext, anyScope: Scope, { id: candidateId }: { id: number }): Promise<AssignmentOptions> {
  const scope = clientScope(anyScope);
  const candidate = await findCandidate(db, scope, candidateId);
  const account = await accountOf(db, scope.accountId);
  const office = await officeOf(db, scope, candidate.officeId);
  const choices = await db
    .select({ id: offices.id, name: offices.name })
    .from(offices)
    .where(
      and(officesInScope(scope), eq(offices.isClosed, false)),
    )
    .orderBy(asc(sql`lower(${offices.name})`), asc(offices.id));
  return {
    candidateId: candidate.id,
    candidateName: `${candidate.firstName} ${candidate.lastName}`.trim(),
    hasEmail: candidate.email.trim() !== "",
    officeId: office?.id ?? null,
    officeName: office?.name ?? null,
    officeClosed: office?.isClosed ?? false,
    offices: choices,
    canChooseOffice: scope.officeId === null,
    account: {
      usesProctorService: account.usesProctorService,
      allowCandidateScheduling: account.allowCandidateScheduling,
      liveProctor: account.liveProctor,
      medicalOption: account.medicalOption,
      prepay: account.prepay,
    },
  };
}

export async function availableTests({ db }: DbContext, anyScope: Scope, { id: candidateId }: { id: number }): Promise<TestOption[]> {
  const scope = clientScope(anyScope);
  const candidate = await findCandidate(db, scope, candidateId);
  const single = await activeAccountTests(db, scope);
  const groups = await availableGroups(db, scope, candidate.officeId);
  return [
    ...[...single.values()].map((t) => ({ label: t.description, value: testValue("test", t.accountTestId), kind: "test" as const, methods: [t.method] })),
    ...[...groups.entries()].map(([id, g]) => ({
      label: g.description,
      value: testValue("group", id),
      kind: "group" as const,
      methods: [...new Set(g.tests.map((t) => t.method))],
    })),
  ];
}

/** Recommended medical sets per language, with only the tests the account offers. */
export async function availableMedicalTestGroups({ db }: DbContext, anyScope: Scope, { id: candidateId }: { id: number }): Promise<MedicalTestGroup[]> {
  const scope = clientScope(anyScope);
  await findCandidate(db, scope, candidateId);
  const account = await accountOf(db, scope.accountId);
  if (!account.medicalOption) return [];
  const rows = await db
    .select({
      setId: medicalTestSets.id,
      setLabel: medicalTestSets.label,
      position: medicalTestSets.position,
      languageId: languages.id,
      languageName: languages.name,
      languageCode: languages.code,
      accountTestId: accountTests.id,
      description: tests.description,
      method: tests.method,
      recommended: medicalTestSetTests.isRecommended,
    })
    .from(medicalTestSets)
    .innerJoin(languages, eq(languages.id, medicalTestSets.languageId))
    .innerJoin(medicalTestSetTests, eq(medicalTestSetTests.setId, medicalTestSets.id))
    .innerJoin(tests, and(eq(tests.id, medicalTestSetTests.testId), eq(tests.isActive, true)))
    .innerJoin(accountTests, and(eq(accountTests.testId, tests.id), inAccount(scope, accountTests), eq(accountTests.isActive, true)))
    .orderBy(asc(languages.name), asc(medicalTestSets.position), asc(medicalTestSets.id), sql`${medicalTestSetTests.isRecommended} desc`, asc(tests.description));

  const byLanguage = new Map<number, MedicalTestGroup>();
  for (const r of rows) {
    let group = byLanguage.get(r.languageId);
    if (!group) {
      group = { language_id: r.languageId, language_display_as: r.languageName, language_code: r.languageCode, recommended_test_sets: [] };
      byLanguage.set(r.languageId, group);
    }
    let set = group.recommended_test_sets.find((s) => s.set_id === r.setId);
    if (!set) {
      // Rows come recommended first: the first test of a set is its recommended one (or the first offered).
      set = { set_id: r.setId, label: r.setLabel, value: testValue("test", r.accountTestId), tests: [] };
      group.recommended_test_sets.push(set);
    }
    set.tests.push({ label: r.description, value: testValue("test", r.accountTestId), method: r.method, recommended: r.recommended });
  }
  return [...byLanguage.values()];
}

