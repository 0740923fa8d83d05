import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import {
  CANDIDATE_LANGUAGES,
  candidateDisplayAs,
  candidateEmailRequired,
  candidateFormIssues,
  candidateMessages,
  emptyCandidateForm,
  KACE_YEARS,
  MULTICARE_FROM,
  PAGE_SIZE,
  pageCountOf,
  TIME_ZONES,
  US_REGIONS,
  type CandidateCertificate,
  type CandidateDetail,
  type CandidateEditValues,
  type CandidateForm,
  type CandidateFormRules,
  type CandidateFormValues,
  type CandidateMessage,
  type CandidateProfile,
  type CandidateSearchResult,
  type SearchQuery,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import { accessCodes, accounts, assignedTests, candidates, candidateTests, healthcareRoles, healthcareSpecialties, offices, tests, users } from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import { forbidden, HttpError } from "../http/errors.js";
import { ValidationError } from "../http/validation.js";
import { audit } from "../audit/audit.js";
import { queueMail } from "../mail/outbox.js";
import { sendActivationMail } from "../auth/keys.js";
import { assertCandidateEmail, ensureCandidateUser } from "./candidate-user.js";
import { candidateCountedPageSql, candidateCountSql, candidatePageSql, searchInOnePass, type CandidateRow, type CandidateScope } from "./search.js";
import { notifyMail } from "./mail.js";

/** An error whose text is one of the candidate messages, sent with its i18n key. */
export const candidateError = (status: number, name: CandidateMessage) =>
  new HttpError(status, candidateMessages[name], `candidates.messages.${name}`);

/**
 * Which candidates a caller reaches: their account's, and for an office-bound caller (office
 * users and office administrators) only their office's. Provider staff have no candidates here.
 */
export function candidateScopeOf(caller: Caller): CandidateScope {
  if (caller.accountId === null) throw forbidden();
  return { accountId: caller.accountId, officeId: caller.officeId };
}

/** Rows of a raw query, on PGlite and on node-postgres alike. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

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

/** One page (20) of the candidates matching a parsed query, with the total. */
export async function searchCandidates(db: Db, scope: CandidateScope, query: SearchQuery, page: number): Promise<CandidateSearchResult> {
  const window = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  if (searchInOnePass(scope, query)) {
    const rows = await rowsOf<CandidateRow & { n: number }>(db, candidateCountedPageSql(scope, query, window));
    const n = Number(rows[0]?.n ?? 0);
    return { candidateProfiles: rows.filter((r) => r.id !== null).map(profileOf), itemCount: n, pageCount: pageCountOf(n) };
  }
  // Count and page side by side (two connections on PostgreSQL).
  const [rows, [{ n }]] = await Promise.all([
    rowsOf<CandidateRow>(db, candidatePageSql(scope, query, window)),
    rowsOf<{ n: number }>(db, candidateCountSql(scope, query)),
  ]);
  return { candidateProfiles: rows.map(profileOf), itemCount: Number(n), pageCount: pageCountOf(Number(n)) };
}

// --- one candidate ---------------------------------------------------------------------------------

/** The candidate in the caller's scope (not deleted); 404 otherwise, exactly like a missing one. */
async function findCandidate(db: Db, scope: CandidateScope, id: number, lock = false) {
  const query = db
    .select()
    .from(candidates)
    .where(
      and(
        eq(candidates.id, id),
        eq(candidates.accountId, scope.accountId),
        isNull(candidates.deletedAt),
        scope.officeId === null ? undefined : eq(candidates.officeId, scope.officeId),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw candidateError(404, "notFound");
  return row;
}

async function accountOptions(db: Db, accountId: number) {
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name, medicalOption: accounts.medicalOption, usesProctorService: accounts.usesProctorService })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw forbidden();
  return account;
}

async function accountOffices(db: Db, accountId: number) {
  return db
    .select({ id: offices.id, name: offices.name, isClosed: offices.isClosed })
    .from(offices)
    .where(eq(offices.accountId, accountId))
    .orderBy(asc(sql`lower(${offices.name})`), asc(offices.id));
}

async function rolesWithSpecialties(db: Db) {
  const roles = await db.select({ id: healthcareRoles.id, name: healthcareRoles.name }).from(healthcareRoles).orderBy(asc(healthcareRoles.position), asc(healthcareRoles.id));
  const specialties = await db
    .select({ id: healthcareSpecialties.id, roleId: healthcareSpecialties.roleId, name: healthcareSpecialties.name })
    .from(healthcareSpecialties)
    .orderBy(asc(healthcareSpecialties.id));
  return { roles, specialties };
}

/** Everything the form rules depend on, for this caller and (when editing) this candidate's office. */
async function formContext(db: Db, scope: CandidateScope, currentOfficeId: number | null) {
  const account = await accountOptions(db, scope.accountId);
  const all = await accountOffices(db, scope.accountId);
  const canSetOffice = scope.officeId === null;
  // Closed offices take no new candidates; a candidate already in one keeps it.
  const choosable = canSetOffice ? all.filter((o) => !o.isClosed || o.id === currentOfficeId) : all.filter((o) => o.id === scope.officeId);
  const { roles, specialties } = account.medicalOption ? await rolesWithSpecialties(db) : { roles: [], specialties: [] };
  const rules: CandidateFormRules = {
    requiresEmail: candidateEmailRequired(account),
    requiresOffice: canSetOffice && choosable.length > 0,
    officeIds: choosable.map((o) => o.id),
    includeHealthCareRoles: account.medicalOption,
    healthCareRoles: roles.map((r) => ({ id: r.id, specialtyIds: specialties.filter((s) => s.roleId === r.id).map((s) => s.id) })),
    usesProctorService: account.usesProctorService,
  };
  return { account, canSetOffice, choosable, roles, specialties, rules };
}

/** Whether the candidate has an open test that a proctor will watch (their contact details are then needed). */
async function hasOpenProctoredTest(db: Db, candidateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: assignedTests.id })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(
      and(
        eq(assignedTests.candidateId, candidateId),
        isNull(assignedTests.deletedAt),
        sql`${assignedTests.state} IN ('takeable', 'needs_scheduling', 'needs_payment')`,
        sql`(${assignedTests.useProctorService} OR ${tests.proctored})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The new or edit form: saved values (or an empty form) and the page data of spec §3. */
export async function getCandidateForm(db: Db, scope: CandidateScope, id: number | undefined): Promise<CandidateForm> {
  const current = id === undefined ? null : await findCandidate(db, scope, id);
  const { account, canSetOffice, choosable, roles, specialties, rules } = await formContext(db, scope, current?.officeId ?? null);
  let values: CandidateFormValues;
  if (current) {
    const contactComplete = [current.phoneNumber, current.streetAddress, current.city, current.state, current.postalCode].every((v) => v.trim() !== "");
    values = {
      firstName: current.firstName,
      middleName: current.middleName,
      lastName: current.lastName,
      employeeId: current.employeeId,
      emailAddress: current.email,
      challengeQuestion: current.challengeQuestion,
      challengeAnswer: current.challengeAnswer,
      clientNotes: current.clientNotes,
      adjustments: current.adjustments,
      officeId: current.officeId,
      phoneNumber: current.phoneNumber,
      streetAddress: current.streetAddress,
      city: current.city,
      state: current.state,
      postalCode: current.postalCode,
      timeZoneId: current.timeZoneId,
      languageId: current.languageId,
      healthCareRoleId: current.healthCareRoleId,
      healthCareSpecialtyId: current.healthCareSpecialtyId,
      takesProctoredTests: account.usesProctorService && (contactComplete || (await hasOpenProctoredTest(db, current.id))),
    };
  } else {
    values = { ...emptyCandidateForm(), officeId: canSetOffice ? (choosable.length === 1 ? choosable[0].id : null) : scope.officeId };
  }
  return {
    action: current ? "update" : "create",
    id: current?.id ?? null,
    ...values,
    canSetOffice,
    requiresOffice: rules.requiresOffice,
    requiresEmail: rules.requiresEmail,
    offices: choosable.map((o) => ({ id: o.id, name: o.name })),
    includeHealthCareRoles: rules.includeHealthCareRoles,
    healthCareRoles: roles,
    healthCareSpecialties: specialties,
    usesProctorService: rules.usesProctorService,
    regions: US_REGIONS.map((r) => ({ id: r.id, name: r.name })),
    timeZones: TIME_ZONES.map((z) => ({ id: z.id, name: z.name, displayAs: z.displayAs })),
    languages: CANDIDATE_LANGUAGES.map((l) => ({ id: l.id, code: l.code, name: l.name })),
  };
}

/**
 * Creates (no id) or updates a candidate after the rules of spec §5. Fields the account does not
 * show (office for office-bound callers, health care roles without the medical option, the
 * proctoring fields without the proctor service) are not taken from the payload: an office-bound
 * caller's candidates are in their office, and hidden fields keep their saved values.
 */
export async function saveCandidate(db: Db, caller: Caller, scope: CandidateScope, input: CandidateEditValues, ip?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const current = input.id === undefined ? null : await findCandidate(tx, scope, input.id, true);
    const { canSetOffice, rules } = await formContext(tx, scope, current?.officeId ?? null);
    const values: CandidateFormValues = { ...input };
    if (!canSetOffice) values.officeId = scope.officeId;
    else if (rules.officeIds.length === 0) values.officeId = null;
    if (!rules.includeHealthCareRoles) {
      values.healthCareRoleId = current?.healthCareRoleId ?? null;
      values.healthCareSpecialtyId = current?.healthCareSpecialtyId ?? null;
    } else {
      const role = rules.healthCareRoles.find((r) => r.id === values.healthCareRoleId);
      if (role && role.specialtyIds.length === 0) values.healthCareSpecialtyId = null;
    }
    if (!rules.usesProctorService) {
      values.phoneNumber = current?.phoneNumber ?? "";
      values.streetAddress = current?.streetAddress ?? "";
      values.city = current?.city ?? "";
      values.state = current?.state ?? "";
      values.postalCode = current?.postalCode ?? "";
      values.timeZoneId = current?.timeZoneId ?? values.timeZoneId;
    }
    const issues = candidateFormIssues(values, rules);
    if (issues.length > 0) throw new ValidationError(issues[0].message, issues);
    if (!current || current.email.trim().toLowerCase() !== values.emailAddress.trim().toLowerCase()) {
      await assertCandidateEmail(tx, values.emailAddress);
    }

    const row = {
      officeId: values.officeId,
      firstName: values.firstName,
      middleName: values.middleName,
      lastName: values.lastName,
      employeeId: values.employeeId,
      email: values.emailAddress,
      challengeQuestion: values.challengeQuestion,
      challengeAnswer: values.challengeAnswer,
      clientNotes: values.clientNotes,
      adjustments: values.adjustments,
      phoneNumber: values.phoneNumber,
      streetAddress: values.streetAddress,
      city: values.city,
      state: values.state,
      postalCode: values.postalCode,
      timeZoneId: values.timeZoneId,
      languageId: values.languageId ?? 140,
      healthCareRoleId: values.healthCareRoleId,
      healthCareSpecialtyId: values.healthCareSpecialtyId,
    };
    if (!current) {
      const [created] = await tx.insert(candidates).values({ accountId: scope.accountId, ...row }).returning({ id: candidates.id });
      await audit({ db: tx }, { caller, action: "candidates.create", targetType: "candidate", targetId: created.id, ip });
      return created.id;
    }
    await tx.update(candidates).set({ ...row, updatedAt: new Date() }).where(eq(candidates.id, current.id));
    return current.id;
  });
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

/** The day (YYYY-MM-DD) of an instant in Eastern time. */
const easternDay = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);

/** Open tests: assigned, not deleted, not started, not expired, not cancelled. */
const openTestConditions = (candidateId: number) =>
  and(
    eq(assignedTests.candidateId, candidateId),
    isNull(assignedTests.deletedAt),
    isNull(assignedTests.cancellation),
    sql`${assignedTests.state} IN ('takeable', 'needs_scheduling', 'needs_payment')`,
    sql`${assignedTests.expiresAt} > now()`,
    sql`NOT EXISTS (SELECT 1 FROM ${candidateTests} WHERE ${candidateTests.assignedTestId} = ${assignedTests.id})`,
  );

async function testInProgress(db: Db, candidateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: candidateTests.id })
    .from(candidateTests)
    .where(and(eq(candidateTests.candidateId, candidateId), eq(candidateTests.state, "in_progress")))
    .limit(1);
  return row !== undefined;
}

export async function getCandidate(db: Db, scope: CandidateScope, id: number, now = new Date()): Promise<CandidateDetail> {
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
export async function deleteCandidate(db: Db, caller: Caller, scope: CandidateScope, id: number, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await findCandidate(tx, scope, id, true);
    if (await testInProgress(tx, c.id)) throw candidateError(422, "testInProgress");
    await tx.update(candidates).set({ deletedAt: new Date() }).where(eq(candidates.id, c.id));
    await tx.delete(accessCodes).where(
      sql`${accessCodes.code} IN (SELECT a.access_code FROM assigned_tests a WHERE a.candidate_id = ${c.id}
        AND NOT EXISTS (SELECT 1 FROM candidate_tests ct WHERE ct.assigned_test_id = a.id))`,
    );
    await audit({ db: tx }, { caller, action: "candidates.delete", targetType: "candidate", targetId: c.id, details: { name: candidateDisplayAs(c) }, ip });
  });
}

/** Mails the candidate their open tests with access codes (the mail is a job). */
export async function notifyCandidate(ctx: Pick<AppContext, "db" | "jobs" | "config">, caller: Caller, scope: CandidateScope, id: number): Promise<void> {
  const c = await findCandidate(ctx.db, scope, id);
  if (c.email.trim() === "") throw candidateError(422, "noEmail");
  const open = await ctx.db
    .select({ description: tests.description, method: tests.method, accessCode: assignedTests.accessCode, state: assignedTests.state, expiresAt: assignedTests.expiresAt })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(openTestConditions(c.id))
    .orderBy(asc(assignedTests.expiresAt), asc(assignedTests.id));
  if (open.length === 0) throw candidateError(422, "noOpenTests");
  const account = await accountOptions(ctx.db, scope.accountId);
  await queueMail(
    ctx,
    notifyMail({
      to: c.email,
      languageId: c.languageId,
      firstName: c.firstName,
      accountName: account.name,
      signInLink: `${ctx.config.publicUrl}/login?use_code=1`,
      tests: open,
    }),
  );
  await audit(ctx, { caller, action: "candidates.notify", targetType: "candidate", targetId: c.id, details: { tests: open.length } });
}

/** Gives the candidate a sign-in (if they have none) and mails them a link to set their password. */
export async function activateCandidate(ctx: Pick<AppContext, "db" | "jobs" | "config">, caller: Caller, scope: CandidateScope, id: number): Promise<void> {
  const c = await findCandidate(ctx.db, scope, id);
  if (c.email.trim() === "") throw candidateError(422, "noEmail");
  const userId = await ctx.db.transaction((tx) => ensureCandidateUser(tx, c.id));
  await sendActivationMail(ctx, userId);
  await audit(ctx, { caller, action: "candidates.activate", targetType: "candidate", targetId: c.id });
}
