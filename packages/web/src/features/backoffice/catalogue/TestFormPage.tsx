import { useEffect, useState, type FormEvent } from "react";
import { Alert, Checkbox, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useNavigate, useParams } from "react-router";
import {
  INTL_LOCALE,
  TEST_DURATIONS,
  TEST_METHODS,
  TEST_NAME_MAX,
  TEST_TYPES,
  TIME_LIMIT_MAX,
  type CatalogueTestDetail,
  type TestDuration,
  type TestMethod,
  type TestType,
} from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { PageLoader } from "../../../ui/PageLoader";
import { FormActions, isBlank, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useStartup } from "../../../ui/startup";
import { catalogueCatalogs, isNotFound, useCatalogueTest, useLanguages, useSaveTest } from "./queries";
import { TESTS_PATH, parseTestId, testPath, useCatalogueCrumbs } from "./paths";
import { languageName } from "./labels";

interface Fields {
  description: string;
  languageId: string | null;
  method: TestMethod;
  duration: TestDuration;
  /** Empty: untimed. */
  timeLimit: number | "";
  testType: TestType;
  proctored: boolean;
  medical: boolean;
  active: boolean;
  contentKey: string;
}

const EMPTY: Fields = { description: "", languageId: null, method: "online", duration: 60, timeLimit: 60, testType: "reading", proctored: false, medical: false, active: true, contentKey: "" };

const fieldsOf = (test: CatalogueTestDetail): Fields => ({
  description: test.description,
  languageId: String(test.language.id),
  method: test.method,
  duration: test.duration_minutes as TestDuration,
  timeLimit: test.time_limit_minutes ?? "",
  testType: test.test_type,
  proctored: test.proctored,
  medical: test.is_medical,
  active: test.is_active,
  contentKey: test.content_key ?? "",
});

/** /admin/tests/new and /admin/tests/{id}/edit: a catalogue test's form. */
export default function TestFormPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const editing = idParam !== undefined;
  const testId = editing ? parseTestId(idParam) : null;
  const test = useCatalogueTest(testId);
  const languages = useLanguages();
  const save = useSaveTest();
  const errorText = useApiErrorText(catalogueCatalogs);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [missing, setMissing] = useState<{ description?: string; language?: string }>({});
  useEffect(() => {
    if (test.data) setFields(fieldsOf(test.data));
  }, [test.data]);
  const set = <K extends keyof Fields>(key: K) => (value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const crumbs = useCatalogueCrumbs();
  const title = editing ? t("boCatalogue.editTitle") : t("boCatalogue.createTitle");
  const cancelTo = testId !== null ? testPath(testId) : TESTS_PATH;
  if (editing && (testId === null || test.isError)) {
    return (
      <>
        <PageHeader title={title} breadcrumbs={crumbs} />
        <Alert color="red" variant="light" role="alert">
          {testId === null || isNotFound(test.error) ? t("boCatalogue.messages.notFound") : t("specMessages.listLoadFailure")}
        </Alert>
      </>
    );
  }
  if ((editing && test.isPending) || languages.isPending) return <PageLoader />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = {
      description: isBlank(fields.description) ? t("specMessages.requiredFieldMissing") : undefined,
      language: fields.languageId === null ? t("boCatalogue.messages.badLanguage") : undefined,
    };
    setMissing(problems);
    if (problems.description || problems.language) return;
    try {
      const saved = await save.mutateAsync({
        id: testId ?? undefined,
        description: fields.description,
        language_id: Number(fields.languageId),
        method: fields.method,
        duration_minutes: fields.duration,
        time_limit_minutes: fields.timeLimit === "" ? null : fields.timeLimit,
        test_type: fields.testType,
        proctored: fields.proctored,
        is_medical: fields.medical,
        is_active: fields.active,
        content_key: fields.contentKey,
      });
      notifyResult(t("boCatalogue.messages.saved"), true);
      void navigate(testPath(saved.id));
    } catch {
      // Shown below the form from save.error.
    }
  }

  const locale = INTL_LOCALE[language];
  const languageOptions = (languages.data?.languages ?? [])
    .map((l) => ({ value: String(l.id), label: languageName(locale, l) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  const keyFixed = test.data ? !test.data.can_change_content_key : false;

  return (
    <>
      <PageHeader title={title} breadcrumbs={test.data ? [...crumbs, { label: test.data.description, to: testPath(test.data.id) }] : crumbs} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={860}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={save.isPending || undefined}>
          <Stack gap="md">
            <TextInput
              label={t("boCatalogue.fields.description")}
              required
              value={fields.description}
              onChange={(e) => set("description")(e.currentTarget.value)}
              maxLength={TEST_NAME_MAX}
              error={missing.description}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t("boCatalogue.fields.language")}
                required
                searchable
                data={languageOptions}
                value={fields.languageId}
                onChange={set("languageId")}
                error={missing.language}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t("boCatalogue.fields.method")}
                required
                allowDeselect={false}
                data={TEST_METHODS.map((m) => ({ value: m, label: t(`boCatalogue.methods.${m}`) }))}
                value={fields.method}
                onChange={(v) => v && set("method")(v as TestMethod)}
              />
              <Select
                label={t("boCatalogue.fields.testType")}
                required
                allowDeselect={false}
                data={TEST_TYPES.map((m) => ({ value: m, label: t(`boCatalogue.types.${m}`) }))}
                value={fields.testType}
                onChange={(v) => v && set("testType")(v as TestType)}
              />
              <Select
                label={t("boCatalogue.fields.duration")}
                description={t("boCatalogue.fields.durationHelp")}
                required
                allowDeselect={false}
                data={TEST_DURATIONS.map((d) => ({ value: String(d), label: t("boCatalogue.minutes", { count: d }) }))}
                value={String(fields.duration)}
                onChange={(v) => v && set("duration")(Number(v) as TestDuration)}
              />
              <NumberInput
                label={t("boCatalogue.fields.timeLimit")}
                description={t("boCatalogue.fields.timeLimitHelp")}
                min={1}
                max={TIME_LIMIT_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={fields.timeLimit}
                onChange={(v) => set("timeLimit")(typeof v === "number" ? v : v === "" ? "" : Number(v))}
              />
              <TextInput
                label={t("boCatalogue.fields.contentKey")}
                description={keyFixed ? t("boCatalogue.fields.contentKeyFixed") : t("boCatalogue.fields.contentKeyHelp")}
                value={fields.contentKey}
                onChange={(e) => set("contentKey")(e.currentTarget.value)}
                maxLength={64}
                disabled={keyFixed}
                spellCheck={false}
                autoCapitalize="none"
              />
            </SimpleGrid>
            <Checkbox label={t("boCatalogue.fields.proctored")} checked={fields.proctored} onChange={(e) => set("proctored")(e.currentTarget.checked)} />
            <Checkbox label={t("boCatalogue.fields.medical")} checked={fields.medical} onChange={(e) => set("medical")(e.currentTarget.checked)} />
            <Checkbox
              label={t("boCatalogue.fields.active")}
              description={t("boCatalogue.fields.activeHelp")}
              checked={fields.active}
              onChange={(e) => set("active")(e.currentTarget.checked)}
            />
            <FormError message={save.isError ? errorText(save.error) : null} />
            <FormActions saving={save.isPending} cancelTo={cancelTo} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
