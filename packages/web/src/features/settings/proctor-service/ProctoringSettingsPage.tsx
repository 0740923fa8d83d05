import { useState, type FormEvent } from "react";
import { Alert, Checkbox, Paper, Radio, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../i18n";
import type { MinProctorApptDelay, ProctorSettings } from "@parlance/contract";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { FormActions, notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useStartup } from "../../../ui/startup";
import { SETTINGS_PATH, useSettingsCrumbs } from "../crumbs";
import { proctorSettingsKey, useProctorSettings, useSaveProctorSettings } from "./queries";

/** /testing/settings/proctoring: the account's proctor service settings (spec §2, §3). */
export default function ProctoringSettingsPage() {
  const { t } = useTranslation();
  const crumbs = useSettingsCrumbs();
  const query = useProctorSettings();
  return (
    <>
      <PageHeader title={t("proctoring.title")} breadcrumbs={crumbs} />
      <RemoteData query={query}>{(settings) => <ProctoringForm saved={settings} />}</RemoteData>
    </>
  );
}

function ProctoringForm({ saved }: { saved: ProctorSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { reload } = useStartup();
  const errorText = useApiErrorText();
  const [values, setValues] = useState(saved);
  const save = useSaveProctorSettings({
    onSuccess: (_res, v) => {
      queryClient.setQueryData(proctorSettingsKey, v);
      // Startup permissions and assignment options depend on usesProctorService.
      void reload();
      notifyResult(t("proctoring.saved"), true);
    },
  });
  const set = <K extends keyof ProctorSettings>(key: K, value: ProctorSettings[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(values);
  };

  // The spec's text for any failed save; a specific server reason (e.g. not allowed) follows it.
  const failure = save.isError ? errorText(save.error) : null;
  const saveFailed = t("specMessages.proctorSettingsSaveFailure");

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Text size="sm" c="gray.7">
            {t("proctoring.intro")}
          </Text>
          <Checkbox
            label={t("proctoring.usesProctorService")}
            description={t("proctoring.usesProctorServiceHint")}
            checked={values.usesProctorService}
            onChange={(e) => set("usesProctorService", e.currentTarget.checked)}
          />
          <Checkbox
            label={t("proctoring.allowCandidateScheduling")}
            description={t("proctoring.allowCandidateSchedulingHint")}
            checked={values.allowCandidateScheduling}
            onChange={(e) => set("allowCandidateScheduling", e.currentTarget.checked)}
          />
          <Radio.Group
            label={t("proctoring.minDelay")}
            description={t("proctoring.minDelayHint")}
            value={String(values.minProctorApptDelay)}
            onChange={(v) => set("minProctorApptDelay", (v === "0" ? 0 : 1) as MinProctorApptDelay)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="0" label={t("proctoring.delay.anytime")} />
              <Radio value="1" label={t("proctoring.delay.oneHour")} />
            </Stack>
          </Radio.Group>
          {failure && (
            <Alert color="red" variant="light" role="alert" title={saveFailed}>
              {failure !== saveFailed && failure !== t("specMessages.generic") ? failure : null}
            </Alert>
          )}
          <FormActions saving={save.isPending} cancelTo={SETTINGS_PATH} />
        </Stack>
      </form>
    </Paper>
  );
}
