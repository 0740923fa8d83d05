import {
  CANDIDATE_LANGUAGES,
  EMAIL_PATTERN,
  UPLOAD_CELL_MAX,
  UPLOAD_COLUMNS,

  candidateFormIssues,
  candidateMessages,
  emptyCandidateForm,
  uploadMessage,
  TEST_METHOD_LABELS,
  type CandidateFormValues,
  type PreviewAssignment,
  type RowMessage,
  type TestMethod,
  type UploadField,
  type UploadKind,
  type UploadMessage,
  type UploadOptions,
} from "@parlance/contract";
import { HttpError } from "../http/errors.js";
import { checkOptions, type Planned } from "../assignment/index.js";
import type { FileRow } from "./read-file.js";
import { key, type ExistingCandidate, type Lookups } from "./lookups.js";

/** A row that passed every check: what the import writes for it. */
export interface CheckedRow {
  row: number;
  /** The candidate the row names (matched by email or Candidate ID), or null for a new one. */
  existing: ExistingCandidate | null;
  /** The candidate's values: a new candidate's, or an existing one's after the row's changes. */
  values: CandidateFormValues;
  /** Lower-cased email ('' without one): rows with the same email are one person. */
  emailKey: string;
  /** The office the tests are assigned under. */
  officeId: number | null;
  planned: Planned[];
  preview: PreviewAssignment;
}

export interface CheckResult {
  valid: CheckedRow[];
  errors: RowMessage[];
  warnings: RowMessage[];
}

const LIVE_OR_VIDEO: readonly TestMethod[] = ["live", "video"];
const ROW_METHODS: Record<string, TestMethod> = { ivr: "ivr", live: "live", video: "video" };
const YES = new Set(["yes", "y", "true", "1", "x"]);
const NO = new Set(["no", "n", "false", "0", ""]);

/** Checks one row of a file by the spec's rules (§5 Bulk upload and the candidate form's). */
export function checkRow(file: FileRow, kind: UploadKind, opts: UploadOptions, l: Lookups, seenEmails: Set<string>, out: CheckResult): void {
  const v = (f: UploadField) => file.values[f] ?? "";
  const problems: Problem[] = [];
  const warn = (name: UploadMessage) => out.warnings.push({ row: file.row, msg: `Row ${file.row}: ${uploadMessage(name)}`, messageKey: `upload.messages.${name}` });
  const add = (p: Problem) => !problems.some((q) => q.msg === p.msg) && problems.push(p);
  const fail = (name: UploadMessage, values: Record<string, string> = {}) => add({ msg: uploadMessage(name, values), messageKey: `upload.messages.${name}`, values });
  const shown = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

  for (const [field, value] of Object.entries(file.values) as [UploadField, string][]) {
    if (value.length > UPLOAD_CELL_MAX) fail("cellTooLong", { column: UPLOAD_COLUMNS[field] });
  }
  const email = v("emailAddress");
  const emailKey = key(email);
  if (emailKey && l.blockedEmails.has(emailKey)) fail("emailNotUsable");

  // The candidate: new, or one the caller reaches (never one of another office or account).
  let existing: ExistingCandidate | null = null;
  if (kind === "changes") {
    const id = v("candidateId");
    if (id) existing = /^\d{1,9}$/.test(id) ? (l.byId.get(Number(id)) ?? null) : null;
    else if (emailKey) existing = l.byEmail.get(emailKey)?.inScope ? l.byEmail.get(emailKey)! : null;
    if (!id && !emailKey) fail("candidateIdRequired");
    else if (!existing) fail("candidateNotFound", { value: shown(id || email) });
    if (!existing) return report(file.row, problems, out);
  } else if (emailKey && l.byEmail.has(emailKey)) {
    existing = l.byEmail.get(emailKey)!;
    if (!existing.inScope) {
      fail("emailNotUsable");
      existing = null;
    } else warn("existingCandidate");
  }
  if (kind === "upload" && emailKey) {
    if (seenEmails.has(emailKey) && !existing) warn("duplicateCandidate");
    seenEmails.add(emailKey);
  }

  // Office: one the caller may use; an office user's candidates are always in their office.
  let officeId: number | null = existing?.officeId ?? (l.canSetOffice ? null : l.scope.officeId);
  const officeText = v("office");
  if (officeText) {
    const office = l.offices.get(key(officeText));
    if (!office) fail("officeNotFound", { value: shown(officeText) });
    else if (office.isClosed && office.id !== existing?.officeId) fail("officeClosed", { value: shown(officeText) });
    else if (!existing || kind === "changes") officeId = office.id;
    else officeId = existing.officeId;
  }

  const values: CandidateFormValues = existing ? valuesOf(existing) : emptyCandidateForm();
  const languageText = v("language");
  const languageId = languageText ? (l.languages.get(key(languageText)) ?? null) : null;
  if (languageText && languageId === null) fail("languageInvalid");
  const adjustmentsText = key(v("adjustments"));
  if (!YES.has(adjustmentsText) && !NO.has(adjustmentsText)) fail("adjustmentsInvalid");

  let roleId: number | null = null;
  let specialtyId: number | null = null;
  const roleText = v("healthcareRole");
  const specialtyText = v("healthcareSpecialty");
  if ((roleText || specialtyText) && !l.account.medicalOption) warn("rolesIgnored");
  else if (roleText) {
    const role = l.roles.get(key(roleText));
    if (!role) fail("roleNotFound", { value: shown(roleText) });
    else {
      roleId = role.id;
      if (specialtyText) {
        specialtyId = role.specialties.get(key(specialtyText)) ?? null;
        if (specialtyId === null) fail("specialtyNotFound", { value: shown(specialtyText) });
      }
    }
  }

  if (!existing || kind === "changes") {
    const set = <K extends keyof CandidateFormValues>(k: K, value: CandidateFormValues[K], given: boolean) => {
      if (given || !existing) values[k] = value;
    };
    for (const f of ["firstName", "middleName", "lastName", "employeeId", "emailAddress", "challengeQuestion", "challengeAnswer", "clientNotes"] as const) {
      set(f, v(f), v(f) !== "");
    }
    set("officeId", officeId, true);
    set("languageId", languageId ?? 140, languageId !== null);
    set("adjustments", YES.has(adjustmentsText), adjustmentsText !== "");
    if (l.account.medicalOption) {
      set("healthCareRoleId", roleId, roleText !== "");
      set("healthCareSpecialtyId", specialtyId, roleText !== "");
    }
    // A role is asked only where the file has one to give: a template with roles, or a row that
    // names one (issue 23: a medical account's default template, without roles, imported no row,
    // and a change to a candidate without a role failed whatever it changed).
    const rolesAsked = roleText !== "" || specialtyText !== "" || (kind === "upload" && opts.template_type !== "regular_without_roles");
    // Email is required only for live and video tests (checked below), not by the form rule.
    const rules = {
      ...l.rules,
      requiresEmail: false,
      includeHealthCareRoles: l.rules.includeHealthCareRoles && rolesAsked,
      officeIds: existing?.officeId ? [...l.rules.officeIds, existing.officeId] : l.rules.officeIds,
    };
    for (const issue of candidateFormIssues(values, rules)) {
      // Lengths were checked above, by the file's column names.
      if (!issue.message.includes("must be at most")) add({ msg: issue.message, messageKey: candidateMessageKey(issue.message) });
    }
  } else if (email && !EMAIL_PATTERN.test(email)) fail("emailNotUsable");

  // Tests: exactly one test group or one test (with its method) a row.
  const planned: Planned[] = [];
  let testLabel = "";
  let groupLabel = "";
  let method = "";
  if (kind === "upload") {
    const testText = v("test");
    const groupText = v("testGroup");
    const methodText = key(v("method"));
    const rowMethod = methodText ? ROW_METHODS[methodText] : undefined;
    if (methodText && !rowMethod) fail("methodInvalid");
    if (opts.template_type === "medical") {
      const lang = v("testLanguage");
      if (!lang) fail("testLanguageRequired");
      else if (!l.testLanguages.has(key(lang))) fail("testLanguageInvalid", { value: shown(lang) });
    }
    if ((testText === "") === (groupText === "")) fail("mustHaveOneId");
    else if (testText) {
      const candidates = l.tests.get(key(testText)) ?? [];
      const matching = rowMethod ? candidates.filter((t) => t.method === rowMethod) : candidates;
      if (candidates.length === 0) fail("testNotFound", { value: shown(testText) });
      else if (matching.length === 0) fail("methodMismatch", { value: shown(testText) });
      else if (new Set(matching.map((t) => t.method)).size > 1) fail("testAmbiguous", { value: shown(testText) });
      else {
        planned.push({ test: matching[0]!, group: null });
        testLabel = matching[0]!.description;
      }
    } else {
      const found = l.groups.get(officeId)?.byKey.get(key(groupText)) ?? (officeId === null ? undefined : l.groups.get(null)?.byKey.get(key(groupText)));
      if (!found) fail("groupNotFound", { value: shown(groupText) });
      else {
        for (const test of found.group.tests) planned.push({ test, group: { id: found.id, description: found.group.description } });
        groupLabel = found.group.description;
      }
    }
    const methods = new Set(planned.map((p) => p.test.method));
    method = [...methods].map((m) => TEST_METHOD_LABELS[m]).join(", ");
    if (planned.some((p) => LIVE_OR_VIDEO.includes(p.test.method)) && !emailKey) fail("emailRequiredLiveVideo");
    if (opts.use_medical_selection) {
      for (const p of planned) if (p.group || !l.medicalTestIds.has(p.test.testId)) fail("notRecommended", { value: shown(p.test.description) });
    }
    if (planned.length > 0) {
      try {
        checkOptions(
          {
            test_objects: [],
            office_id: undefined,
            notify_candidate: opts.notify_candidates && emailKey !== "",
            requires_live_proctor: false,
            use_proctor_service: false,
            administer_now: false,
            allow_candidate_to_schedule: false,
            use_medical_test_recommendations: opts.use_medical_selection,
          },
          l.account,
          methods,
        );
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        add({ msg: err.message, messageKey: err.messageKey });
      }
    }
    if (opts.notify_candidates && !emailKey) warn("noEmailNotified");
  }

  if (problems.length > 0) return report(file.row, problems, out);
  out.valid.push({
    row: file.row,
    existing,
    values,
    emailKey: existing ? key(existing.email) || `#${existing.id}` : emailKey,
    officeId,
    planned,
    preview: {
      row: file.row,
      lastName: values.lastName,
      firstName: values.firstName,
      middleName: values.middleName,
      emailAddress: values.emailAddress,
      employeeId: values.employeeId,
      office: officeId === null ? "" : (l.officeNames.get(officeId) ?? ""),
      language: opts.template_type === "medical" ? v("testLanguage") : (CANDIDATE_LANGUAGES.find((x) => x.id === values.languageId)?.name ?? ""),
      test: testLabel,
      testGroup: groupLabel,
      method,
      preferredMethod: v("method"),
      healthcareRole: values.healthCareRoleId === null ? "" : (l.roleNames.get(values.healthCareRoleId) ?? ""),
      clientNotes: values.clientNotes,
      challengeQuestion: values.challengeQuestion,
      challengeAnswer: values.challengeAnswer,
      adjustments: values.adjustments,
      existing: existing !== null,
    },
  });
}

type Problem = { msg: string; messageKey?: string; values?: Record<string, string> };

/** The row's problems as 'Row N: message', each with its i18n key. */
function report(row: number, problems: Problem[], out: CheckResult): void {
  for (const p of problems) out.errors.push({ row, msg: `Row ${row}: ${p.msg}`, ...(p.messageKey ? { messageKey: p.messageKey } : {}), ...(p.values ? { values: p.values } : {}) });
}

const CANDIDATE_KEYS = new Map(Object.entries(candidateMessages).map(([name, text]) => [text as string, `candidates.messages.${name}`]));
const candidateMessageKey = (message: string) => CANDIDATE_KEYS.get(message);

/** A stored candidate as form values (what a changes row starts from). */
function valuesOf(c: ExistingCandidate): CandidateFormValues {
  return {
    firstName: c.firstName,
    middleName: c.middleName,
    lastName: c.lastName,
    employeeId: c.employeeId,
    emailAddress: c.email,
    challengeQuestion: c.challengeQuestion,
    challengeAnswer: c.challengeAnswer,
    clientNotes: c.clientNotes,
    adjustments: c.adjustments,
    officeId: c.officeId,
    phoneNumber: c.phoneNumber,
    streetAddress: c.streetAddress,
    city: c.city,
    state: c.state,
    postalCode: c.postalCode,
    timeZoneId: c.timeZoneId,
    languageId: c.languageId,
    healthCareRoleId: c.healthCareRoleId,
    healthCareSpecialtyId: c.healthCareSpecialtyId,
    takesProctoredTests: false,
  };
}

