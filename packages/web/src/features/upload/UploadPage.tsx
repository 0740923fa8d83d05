import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Anchor, Button, Checkbox, FileInput, Group, List, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { TEMPLATE_TYPES, UPLOAD_FILE_MAX_MB, type TemplateType } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { FormError } from "../../ui/FormError";
import { previewFile, templateHref, uploadState, type Progress } from "./transport";
import { withUploadKey } from "./useStoredUpload";
import { UploadProgress, useUploadErrorText } from "./UploadProgress";
import { CANDIDATES_LIST, PREVIEW_PATH } from "./paths";

/**
 * /testing/candidates/upload (steps 1 to 3: template, options, file) and /testing/candidates/changes
 * (bulk changes to existing candidates: the file only). The file goes up with a progress bar, then
 * the server's reading and checking show as they go; the preview opens when it is ready.
 */
export function UploadForm({ kind }: { kind: "upload" | "changes" }) {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const navigate = useNavigate();
  const errorText = useUploadErrorText();
  const [templateType, setTemplateType] = useState<TemplateType>("regular_without_roles");
  const [notify, setNotify] = useState(true);
  const [createGroup, setCreateGroup] = useState(false);
  const [medicalSelection, setMedicalSelection] = useState(false);
  const [override, setOverride] = useState(false);
  const [pricing, setPricing] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const title = t(kind === "upload" ? "upload.title" : "upload.changesTitle");
  const medical = kind === "upload" && templateType === "medical";
  const busy = progress !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError(t("upload.messages.noFile"));
    if (!/\.(csv|xlsx)$/i.test(file.name)) return setError(t("upload.messages.wrongType"));
    if (file.size > UPLOAD_FILE_MAX_MB * 1024 * 1024) return setError(t("upload.messages.tooLarge"));
    if (medical && !(override && pricing)) return setError(t("upload.messages.medicalAcknowledgement"));
    const fields: Record<string, string> =
      kind === "upload"
        ? {
            template_type: templateType,
            notify_candidates: String(notify),
            create_group: String(createGroup),
            use_medical_selection: String(medical && medicalSelection),
            override_medical_upload: String(medical && override),
            medical_pricing_acknowledgement: String(medical && pricing),
          }
        : {};
    abort.current = new AbortController();
    setProgress({ phase: "uploading", done: 0, total: file.size });
    try {
      uploadState.preview = await previewFile(kind, fields, file, setProgress, abort.current.signal);
      uploadState.confirmation = null;
      navigate(withUploadKey(PREVIEW_PATH, uploadState.preview.data));
    } catch (err) {
      if ((err as Error).name !== "AbortError") setError(errorText(err));
      setProgress(null);
    }
  };

  return (
    <>
      <PageHeader title={title} breadcrumbs={[home, testing, { label: t("candidates.title"), to: CANDIDATES_LIST }]} />
      <form onSubmit={submit} noValidate>
        <Stack gap="lg" maw={720}>
          {kind === "upload" ? (
            <Paper withBorder p="md">
              <Title order={2} fz="lg" mb="xs">
                {t("upload.step1")}
              </Title>
              <Group align="flex-end" wrap="wrap">
                <Select
                  label={t("upload.templateType")}
                  data={TEMPLATE_TYPES.map((type) => ({ value: type, label: t(`upload.templates.${type}`) }))}
                  value={templateType}
                  onChange={(v) => v && setTemplateType(v as TemplateType)}
                  allowDeselect={false}
                  disabled={busy}
                />
                <Anchor href={templateHref(templateType)} download>
                  {t("upload.downloadTemplate")}
                </Anchor>
              </Group>
              <Text size="sm" c="dimmed" mt="xs">
                {t("upload.rules")}
              </Text>
            </Paper>
          ) : (
            <Text>{t("upload.changesLead")}</Text>
          )}
          {kind === "upload" && (
            <Paper withBorder p="md">
              <Title order={2} fz="lg" mb="xs">
                {t("upload.step2")}
              </Title>
              <Stack gap="xs">
                <Checkbox label={t("upload.notify")} checked={notify} onChange={(e) => setNotify(e.currentTarget.checked)} disabled={busy} />
                <Checkbox label={t("upload.createGroup")} checked={createGroup} onChange={(e) => setCreateGroup(e.currentTarget.checked)} disabled={busy} />
                {medical && (
                  <>
                    <Checkbox label={t("upload.medicalSelection")} checked={medicalSelection} onChange={(e) => setMedicalSelection(e.currentTarget.checked)} disabled={busy} />
                    <Checkbox name="override_medical_upload" label={t("upload.overrideMedical")} checked={override} onChange={(e) => setOverride(e.currentTarget.checked)} disabled={busy} />
                    <Checkbox name="medical_pricing_acknowledgement" label={t("upload.medicalPricing")} checked={pricing} onChange={(e) => setPricing(e.currentTarget.checked)} disabled={busy} />
                  </>
                )}
              </Stack>
            </Paper>
          )}
          <Paper withBorder p="md">
            <Title order={2} fz="lg" mb="xs">
              {t(kind === "upload" ? "upload.step3" : "upload.chooseFile")}
            </Title>
            <Stack gap="sm">
              <FileInput
                label={t("upload.file")}
                description={t("upload.fileHint", { mb: UPLOAD_FILE_MAX_MB })}
                accept=".csv,.xlsx"
                value={file}
                onChange={setFile}
                clearable
                disabled={busy}
                placeholder={t("upload.filePlaceholder")}
                // The default placeholder grey is too faint to read (WCAG contrast).
                styles={{ placeholder: { color: "var(--mantine-color-gray-7)" } }}
              />
              <UploadProgress progress={progress} />
              <FormError message={error} />
              <Group>
                <Button type="submit" loading={busy}>
                  {t("upload.submit")}
                </Button>
                {busy && (
                  <Button variant="default" onClick={() => abort.current?.abort()}>
                    {t("ui.cancel")}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
          <List size="sm" c="dimmed">
            <List.Item>{t("upload.formats")}</List.Item>
          </List>
        </Stack>
      </form>
    </>
  );
}

/** /testing/candidates/upload. */
export default function UploadPage() {
  return <UploadForm kind="upload" />;
}
