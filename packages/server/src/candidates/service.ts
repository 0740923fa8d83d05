import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  candidateDisplayAs,
  KACE_YEARS,
  MULTICARE_FROM,
  PAGE_SIZE,
  pageCountOf,
  type CandidateCertificate,
  type CandidateDetail,
  type CandidateProfile,
  type CandidateSearchResult,
  candidateRoutes,
} from "@parlance/contract";
import {
  accessCodes,
  assignedTests,
  candidates,
  candidateTests,
  healthcareRoles,
  healthcareSpecialties,
  offices,
  tests,
  users,
} from "../db/schema.js";
import type { DbContext } from "../context.js";
import { clientScope, type Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { parsedSearchQuery } from "../http/validation.js";
import { rowsWithoutParallelWorkers } from "../db/rows.js";
import { accountOptions, candidateError, easternDay, findCandidate, openTestConditions, testInProgress } from "./records.js";
import { audit } from "../audit/audit.js";
import { candidateCountedPageSql, candidatePageSql, searchInOnePass, type CandidateRow } from "./search.js";
import { CANDIDATE_COUNT_TUNING, countOfPage, countUpTo } from "./count.js";

function profileOf(r: CandidateRow): CandidateProfile {
  return {
    id: r.id,
    displayAs: candidateDisplayAs({ firstName: r.first_name, middleName: r.middle_name, lastName: r.last_name }),
    employeeId: r.employee_id,
    office: r.office_name,
    emailAddress: r.email,
    notes: r.client_notes,
    healthCareRole: r.role_name ? (r.specialty_name ? `${r.role_name} – ${r.specialty_name}` : r.role_name) : null,
  };
}

/** One page (20) of the candidates matching a parsed query, with the total (exact up to a limit, "more than" it above: count.ts). */
export async function searchCandidates(
  { db }: DbContext,
  anyScope: Scope,
  input: InputOf<typeof candidateRoutes.search>,
  tuning = CANDIDATE_COUNT_TUNING,
): Promise<CandidateSearchResult> {
  const scope = clientScope(anyScope);
  const query = parsedSearchQuery(input.query);
  const offset = (input.page - 1) * PAGE_SIZE;
  if (searchInOnePass(scope, query)) {
    const rows = await rowsWithoutParallelWorkers<CandidateRow & { n: number }>(db, candidateCountedPageSql(scope, query, { limit: PAGE_SIZE, offset }));
    const n = Number(rows[0]?.n ?? 0);
    return { candidateProfiles: rows.filter((r) => r.id !== null).map(profileOf), itemCount: n, pageCount: pageCountOf(n), itemCountBounded: false };
  }
  // Page (one row more: whether any follow) and bounded count side by side (two connections on PostgreSQL).
  const [rows, bounded] = await Promise.all([
    rowsWithoutParallelWorkers<CandidateRow>(db, candidatePageSql(scope, query, { limit: PAGE_SIZE + 1, offset })),
    countUpTo(db, scope, query, tuning.exactLimit),
  ]);
  const count = countOfPage({ offset, size: PAGE_SIZE, rows: rows.length, bounded, limit: tuning.exactLimit });
  return { candidateProfiles: rows.slice(0, PAGE_SIZE).map(profileOf), ...count };
}

/** The certificates the candidate qualifies for (spec §9): kace for tests passed in the last 5 years, multicare for tests on or after 2025. */
function certificatesOf(passed: { candidateTestId: number; description: string; date: string; score: string }[], today: string): CandidateCertificate[] {
  const kaceFrom = `${Number(today.slice(0, 4)) - KACE_YEARS}${today.slice(4)}`;
  const out: CandidateCertificate[] = [];
  const kace = passed.filter((t) => t.date >= kaceFrom);
  if (kace.length > 0) out.push({ type: "kace", minTestDate: kaceFrom, tests: kace });
  const multicare = passed.filter((t) => t.date >= MULTICARE_FROM);
  if (multicare.length > 0) out.push({ type: "multicare", minTestDate: MULTICARE_FROM, tests: multicare });
  return out;
}

export async function getCandidate({ db }: DbContext, anyScope: Scope, { id }: { id: number }, now = new Date()): Promise<CandidateDetail> {
  const scope = clientScope(anyScope);
  const c = await findCandidate(db, scope, id);
  const account = await accountOptions(db, scope.accountId);
  const [office] = c.officeId === null ? [] : await db.select({ id: offices.id, name: offices.name }).from(offices).where(eq(offices.id, c.officeId));
  const [role] = c.healthCareRoleId === null ? [] : await db.select({ id: healthcareRoles.id, name: healthcareRoles.name }).from(healthcareRoles).where(eq(healthcareRoles.id, c.healthCareRoleId));
  const [specialty] =
    c.healthCareSpecialtyId === null
      ? []
      : await db.select({ id: healthcareSpecialties.id, name: healthcareSpecialties.name }).from(healthcareSpecialties).where(eq(healthcareSpecialties.id, c.healthCareSpecialtyId));
  const [user] = c.userId === null ? [] : await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, c.userId));
  const [{ open }] = await db.select({ open: sql<number>`count(*)::int` }).from(assignedTests).where(openTestConditions(c.id));
  const scored = await db
    .select({
      candidateTestId: candidateTests.id,
      description: tests.description,
      at: sql<Date | string>`coalesce(${candidateTests.receivedAt}, ${candidateTests.scoredAt}, ${candidateTests.createdAt})`,
      score: candidateTests.resultValue,
    })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(
      and(
        eq(candidateTests.candidateId, c.id),
        eq(candidateTests.resultState, "scored"),
        sql`${candidateTests.resultValue} IS NOT NULL`,
        isNull(assignedTests.deletedAt),
      ),
    )
    .orderBy(sql`3 DESC`, asc(candidateTests.id));
  const passed = scored.map((t) => ({ candidateTestId: t.candidateTestId, description: t.description, date: easternDay(new Date(t.at)), score: t.score ?? "" }));
  return {
    id: c.id,
    displayAs: candidateDisplayAs(c),
    firstName: c.firstName,
    middleName: c.middleName,
    lastName: c.lastName,
    employeeId: c.employeeId,
    emailAddress: c.email,
    office: office ?? null,
    notes: c.clientNotes,
    adjustments: c.adjustments,
    languageId: c.languageId,
    phoneNumber: c.phoneNumber,
    streetAddress: c.streetAddress,
    city: c.city,
    state: c.state,
    postalCode: c.postalCode,
    timeZoneId: c.timeZoneId,
    healthCareRole: role ?? null,
    healthCareSpecialty: specialty ?? null,
    includeHealthCareRoles: account.medicalOption,
    usesProctorService: account.usesProctorService,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    hasUser: c.userId !== null,
    isActivated: Boolean(user?.passwordHash),
    openTests: open,
    testInProgress: await testInProgress(db, c.id),
    certificates: certificatesOf(passed, easternDay(now)),
  };
}

/**
 * Deletes a candidate: the row stays (their tests are history and billing) but no longer lists
 * or opens, and the access codes of tests they had not started stop working. Refused while a
 * test is in progress.
 */
export async function deleteCandidate({ db }: DbContext, anyScope: Scope, { id }: { id: number }): Promise<void> {
  const scope = clientScope(anyScope);
  await db.transaction(async (tx) => {
    const c = await findCandidate(tx, scope, id, true);
    if (await testInProgress(tx, c.id)) throw candidateError(422, "testInProgress");
    await tx.update(candidates).set({ deletedAt: new Date() }).where(eq(candidates.id, c.id));
    await tx.delete(accessCodes).where(
      sql`${accessCodes.code} IN (SELECT a.access_code FROM assigned_tests a WHERE a.candidate_id = ${c.id}
        AND NOT EXISTS (SELECT 1 FROM candidate_tests ct WHERE ct.assigned_test_id = a.id))`,
    );
    await audit({ db: tx }, { actor: scope, action: "candidates.delete", targetType: "candidate", targetId: c.id, details: { name: candidateDisplayAs(c) } });
  });
}

