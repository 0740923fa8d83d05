import { useRef, useState, type FormEvent } from "react";
import { Checkbox, Fieldset, Paper, Select, SimpleGrid, Stack, TextInput, Textarea } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { useNavigate, useParams } from "react-router";
import {
  CANDIDATE_TEXT_MAX,
  candidateDisplayAs,
  candidateFormIssues,
  type CandidateForm,
  type CandidateFormIssue,
  type CandidateFormValues,
} from "@parlance/contract";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { ApiCallError } from "../../api/client";
import { RemoteData } from "../../ui/RemoteData";
import { FormActions, notifyResult } from "../../ui/form";
import { FormError } from "../../ui/FormError";
import { knownMessageKey, useApiErrorText } from "../../ui/useApiErrorText";
import { candidateCatalogs, useCandidateForm, useSaveCandidate } from "./queries";
import { candidatePath, CANDIDATES_PATH, parseCandidateId } from "./paths";
import { CandidateNotFound, isNotFound } from "./CandidateNotFound";

/** /testing/candidates/new and /create (a new candidate), /testing/candidates/:id/edit and /update. */
export default function CandidateFormPage() {
  const { id: idParam } = useParams();
  if (idParam === undefined) return <LoadedForm />;
  const id = parseCandidateId(idParam);
  return id === null ? <CandidateNotFound /> : <LoadedForm id={id} />;
}

function LoadedForm({ id }: { id?: number }) {
  const query = useCandidateForm(id);
  return (
    <RemoteData query={query} renderError={(err) => (isNotFound(err) ? <CandidateNotFound /> : undefined)} skeletonRows={8}>
      {(form) => <CandidateFormView key={form.id ?? "new"} form={form} />}
    </RemoteData>
  );
}

type Field = keyof CandidateFormValues;
/** Section titles of the form read as headings. */
const LEGEND = { legend: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)", marginBottom: "var(--mantine-spacing-xs)" } };
const idOrNull = (v: string | null) => (v ? Number(v) : null);

/** The form: the spec's fields, shown by the account's options, checked here with the server's own rules. */
function CandidateFormView({ form }: { form: CandidateForm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { home, testing } = useStandardCrumbs();
  const errorText = useApiErrorText(candidateCatalogs);
  const save = useSaveCandidate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CandidateFormValues>(() => ({
    firstName: form.firstName,
    middleName: form.middleName,
    lastName: form.lastName,
    employeeId: form.employeeId,
    emailAddress: form.emailAddress,
    challengeQuestion: form.challengeQuestion,
    challengeAnswer: form.challengeAnswer,
    clientNotes: form.clientNotes,
    adjustments: form.adjustments,
    officeId: form.officeId,
    phoneNumber: form.phoneNumber,
    streetAddress: form.streetAddress,
    city: form.city,
    state: form.state,
    postalCode: form.postalCode,
    timeZoneId: form.timeZoneId,
    languageId: form.languageId,
    healthCareRoleId: form.healthCareRoleId,
    healthCareSpecialtyId: form.healthCareSpecialtyId,
    takesProctoredTests: form.takesProctoredTests,
  }));
  const [issues, setIssues] = useState<CandidateFormIssue[]>([]);

  const editing = form.action === "update" && form.id !== null;
  const name = editing ? candidateDisplayAs(form) : "";
  const title = editing ? t("candidates.form.editTitle") : t("candidates.form.newTitle");
  const crumbs = [home, testing, { label: t("candidates.title"), to: CANDIDATES_PATH }, ...(editing ? [{ label: name, to: candidatePath(form.id!) }] : [])];

  const rules = {
    requiresEmail: form.requiresEmail,
    requiresOffice: form.requiresOffice,
    officeIds: form.offices.map((o) => o.id),
    includeHealthCareRoles: form.includeHealthCareRoles,
    healthCareRoles: form.healthCareRoles.map((r) => ({ id: r.id, specialtyIds: form.healthCareSpecialties.filter((s) => s.roleId === r.id).map((s) => s.id) })),
    usesProctorService: form.usesProctorService,
  };
  const specialties = form.healthCareSpecialties.filter((s) => s.roleId === values.healthCareRoleId);

  const set = <K extends Field>(field: K, value: CandidateFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (issues.some((i) => i.path === field)) setIssues((list) => list.filter((i) => i.path !== field));
  };
  /** The message of a field's problem, translated by its key. */
  const errorOf = (field: Field) => {
    const issue = issues.find((i) => i.path === field);
    if (!issue) return undefined;
    const key = knownMessageKey(issue.message, candidateCatalogs);
    return key ? t(key, { defaultValue: issue.message }) : issue.message;
  };
  const text = (field: Exclude<Field, "adjustments" | "takesProctoredTests" | "officeId" | "timeZoneId" | "languageId" | "healthCareRoleId" | "healthCareSpecialtyId">) => ({
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    error: errorOf(field),
    maxLength: CANDIDATE_TEXT_MAX,
    name: field,
  });

  const focusFirstProblem = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server's rules, here first so the messages show without a round trip (spec §5).
    const found = candidateFormIssues(values, rules);
    setIssues(found);
    if (found.length > 0) {
      focusFirstProblem();
      return;
    }
    save.mutate(
      { id: form.id, ...values },
      {
        onSuccess: (res) => {
          notifyResult(t("candidates.messages.saved"), true);
          navigate(candidatePath(res.id));
        },
        onError: (err) => {
          if (err instanceof ApiCallError && err.issues?.length) {
            setIssues(err.issues.map((i) => ({ path: i.path as Field, message: i.message })));
            focusFirstProblem();
          }
        },
      },
    );
  };

  const required = { required: true };
  const serverError = save.isError && !(save.error instanceof ApiCallError && save.error.issues?.length) ? errorText(save.error) : null;

  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} documentTitle={editing ? `${title}: ${name}` : title} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={880}>
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="lg">
            {issues.length > 0 && <FormError message={t("candidates.form.fixProblems")} />}
            <Fieldset legend={t("candidates.form.person")} variant="unstyled" styles={LEGEND}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput label={t("candidates.form.firstName")} {...required} {...text("firstName")} autoComplete="off" />
                  <TextInput label={t("candidates.form.middleName")} {...text("middleName")} autoComplete="off" />
                  <TextInput label={t("candidates.form.lastName")} {...required} {...text("lastName")} autoComplete="off" />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label={t("candidates.form.emailAddress")} required={form.requiresEmail} type="email" {...text("emailAddress")} autoComplete="off" />
                  <TextInput label={t("candidates.form.employeeId")} {...text("employeeId")} autoComplete="off" />
                  <Select
                    label={t("candidates.form.language")}
                    placeholder={t("candidates.form.languagePlaceholder")}
                    required
                    data={form.languages.map((l) => ({ value: String(l.id), label: t(`candidates.languages.${l.id}`, { defaultValue: l.name }) }))}
                    value={values.languageId === null ? null : String(values.languageId)}
                    onChange={(v) => set("languageId", idOrNull(v))}
                    error={errorOf("languageId")}
                    name="languageId"
                  />
                  {form.canSetOffice && form.offices.length > 0 && (
                    <Select
                      label={t("candidates.form.office")}
                      placeholder={t("candidates.form.officePlaceholder")}
                      required={form.requiresOffice}
                      data={form.offices.map((o) => ({ value: String(o.id), label: o.name }))}
                      value={values.officeId === null ? null : String(values.officeId)}
                      onChange={(v) => set("officeId", idOrNull(v))}
                      error={errorOf("officeId")}
                      name="officeId"
                    />
                  )}
                </SimpleGrid>
                <Checkbox
                  label={t("candidates.form.adjustments")}
                  description={t("candidates.form.adjustmentsHint")}
                  checked={values.adjustments}
                  onChange={(e) => set("adjustments", e.currentTarget.checked)}
                />
              </Stack>
            </Fieldset>

            {form.includeHealthCareRoles && (
              <Fieldset legend={t("candidates.form.medical")} variant="unstyled" styles={LEGEND}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Select
                    label={t("candidates.form.healthCareRole")}
                    placeholder={t("candidates.form.rolePlaceholder")}
                    required
                    data={form.healthCareRoles.map((r) => ({ value: String(r.id), label: r.name }))}
                    value={values.healthCareRoleId === null ? null : String(values.healthCareRoleId)}
                    onChange={(v) => {
                      // A new role starts without a specialty.
                      setValues((cur) => ({ ...cur, healthCareRoleId: idOrNull(v), healthCareSpecialtyId: null }));
                      setIssues((list) => list.filter((i) => i.path !== "healthCareRoleId" && i.path !== "healthCareSpecialtyId"));
                    }}
                    error={errorOf("healthCareRoleId")}
                    name="healthCareRoleId"
                  />
                  {specialties.length > 0 && (
                    <Select
                      label={t("candidates.form.healthCareSpecialty")}
                      placeholder={t("candidates.form.specialtyPlaceholder")}
                      required
                      data={specialties.map((s) => ({ value: String(s.id), label: s.name }))}
                      value={values.healthCareSpecialtyId === null ? null : String(values.healthCareSpecialtyId)}
                      onChange={(v) => set("healthCareSpecialtyId", idOrNull(v))}
                      error={errorOf("healthCareSpecialtyId")}
                      name="healthCareSpecialtyId"
                    />
                  )}
                </SimpleGrid>
              </Fieldset>
            )}

            {form.usesProctorService && (
              <Fieldset legend={t("candidates.form.proctoring")} variant="unstyled" styles={LEGEND}>
                <Stack gap="sm">
                  <Checkbox
                    label={t("candidates.form.takesProctoredTests")}
                    description={t("candidates.form.takesProctoredTestsHint")}
                    checked={values.takesProctoredTests}
                    onChange={(e) => set("takesProctoredTests", e.currentTarget.checked)}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput label={t("candidates.form.phoneNumber")} required={values.takesProctoredTests} type="tel" {...text("phoneNumber")} autoComplete="off" />
                    <TextInput label={t("candidates.form.streetAddress")} required={values.takesProctoredTests} {...text("streetAddress")} autoComplete="off" />
                    <TextInput label={t("candidates.form.city")} required={values.takesProctoredTests} {...text("city")} autoComplete="off" />
                    <Select
                      label={t("candidates.form.state")}
                      placeholder={t("candidates.form.statePlaceholder")}
                      required={values.takesProctoredTests}
                      searchable
                      clearable
                      data={form.regions.map((r) => ({ value: r.id, label: r.name }))}
                      value={values.state || null}
                      onChange={(v) => set("state", v ?? "")}
                      error={errorOf("state")}
                      name="state"
                    />
                    <TextInput label={t("candidates.form.postalCode")} required={values.takesProctoredTests} {...text("postalCode")} maxLength={10} autoComplete="off" />
                    <Select
                      label={t("candidates.form.timeZone")}
                      required={values.takesProctoredTests}
                      allowDeselect={false}
                      data={form.timeZones.map((z) => ({ value: String(z.id), label: t(`candidates.timeZones.${z.id}`, { defaultValue: z.displayAs }) }))}
                      value={String(values.timeZoneId)}
                      onChange={(v) => set("timeZoneId", v ? Number(v) : 23)}
                      error={errorOf("timeZoneId")}
                      name="timeZoneId"
                    />
                  </SimpleGrid>
                </Stack>
              </Fieldset>
            )}

            <Fieldset legend={t("candidates.form.security")} variant="unstyled" styles={LEGEND}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label={t("candidates.form.challengeQuestion")} {...text("challengeQuestion")} autoComplete="off" />
                  <TextInput label={t("candidates.form.challengeAnswer")} {...text("challengeAnswer")} autoComplete="off" />
                </SimpleGrid>
                <Textarea label={t("candidates.form.clientNotes")} description={t("candidates.form.clientNotesHint")} autosize minRows={2} {...text("clientNotes")} />
              </Stack>
            </Fieldset>

            <FormError message={serverError} />
            <FormActions saving={save.isPending} cancelTo={editing ? candidatePath(form.id!) : CANDIDATES_PATH} saveLabel={t("candidates.form.save")} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
