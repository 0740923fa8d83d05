import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  CANDIDATE_LANGUAGES,
  candidateEmailRequired,
  candidateFormIssues,
  emptyCandidateForm,
  TIME_ZONES,
  US_REGIONS,
  type CandidateForm,
  type CandidateFormRules,
  type CandidateFormValues,
  candidateRoutes,
} from "@parlance/contract";
import { assignedTests, candidates, healthcareRoles, healthcareSpecialties, offices, tests } from "../db/schema.js";
import type { DbContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { clientScope, inAccount, type ClientScope, type Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { accountOptions, findCandidate } from "./records.js";
import { ValidationError } from "../http/validation.js";
import { audit } from "../audit/audit.js";
import { assertCandidateEmail } from "./candidate-user.js";

async function accountOffices(db: Tx, scope: Pick<ClientScope, "accountId">) {
  return db
    .select({ id: offices.id, name: offices.name, isClosed: offices.isClosed })
    .from(offices)
    .where(inAccount(scope, offices))
    .orderBy(asc(sql`lower(${offices.name})`), asc(offices.id));
}

async function rolesWithSpecialties(db: Tx) {
  const roles = await db.select({ id: healthcareRoles.id, name: healthcareRoles.name }).from(healthcareRoles).orderBy(asc(healthcareRoles.position), asc(healthcareRoles.id));
  const specialties = await db
    .select({ id: healthcareSpecialties.id, roleId: healthcareSpecialties.roleId, name: healthcareSpecialties.name })
    .from(healthcareSpecialties)
    .orderBy(asc(healthcareSpecialties.id));
  return { roles, specialties };
}

/** Everything the form rules depend on, for this caller and (when editing) this candidate's office. */
export async function formContext(db: Tx, scope: ClientScope, currentOfficeId: number | null) {
  const account = await accountOptions(db, scope.accountId);
  const all = await accountOffices(db, scope);
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
async function hasOpenProctoredTest(db: Tx, candidateId: number): Promise<boolean> {
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
export async function getCandidateForm({ db }: DbContext, anyScope: Scope, { id }: InputOf<typeof candidateRoutes.form>): Promise<CandidateForm> {
  const scope = clientScope(anyScope);
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
export async function saveCandidate({ db }: DbContext, anyScope: Scope, input: InputOf<typeof candidateRoutes.edit>): Promise<number> {
  const scope = clientScope(anyScope);
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
      await audit({ db: tx }, { actor: scope, action: "candidates.create", targetType: "candidate", targetId: created.id });
      return created.id;
    }
    await tx.update(candidates).set({ ...row, updatedAt: new Date() }).where(eq(candidates.id, current.id));
    return current.id;
  });
}

