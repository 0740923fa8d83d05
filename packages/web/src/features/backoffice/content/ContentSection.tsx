import { useState, type FormEvent } from "react";
import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { CONTENT_UPLOAD_MAX_FILES, backofficeQtiRoutes, type ContentReport } from "@parlance/contract";
import { ApiCallError, hrefOf } from "../../../api/client";
import { useTranslation } from "../../../i18n";
import { FormError } from "../../../ui/FormError";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { contentCatalogs, useCheckContent, useContentVersions, usePublishContent } from "./queries";
import { MessageList, ReportView } from "./ContentMessages";
import { VersionsTable } from "./VersionsTable";

const MEDIA_ACCEPT = ".png,.jpg,.jpeg,.svg,.webp,.ogg,.opus,.mp3,.m4a,.wav,.webm,.mp4";

/** A refused publish answers 400 with the importer's messages as its issues. */
function issuesOf(err: unknown) {
  return err instanceof ApiCallError && err.issues ? err.issues.map((i) => ({ level: "error" as const, message: i.message })) : [];
}

/**
 * A test's content: upload a content file (content/README.md's format) with its media files, see
 * what the importer says of it, publish it as the new version; and the versions so far. Attempts
 * already started keep their version; new ones start on the newest.
 */
export function ContentSection({ testId, contentKey, editPath }: { testId: number; contentKey: string | null; editPath: string }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(contentCatalogs);
  const [content, setContent] = useState<File | null>(null);
  const [media, setMedia] = useState<File[]>([]);
  const [missing, setMissing] = useState<string | null>(null);
  const [report, setReport] = useState<ContentReport | null>(null);
  const check = useCheckContent(testId);
  const publish = usePublishContent(testId);
  // The export is offered once a version exists (the versions table reads the same query).
  const published = (useContentVersions(testId, 1).data?.itemCount ?? 0) > 0;

  const changed = () => {
    setReport(null);
    setMissing(null);
    check.reset();
    publish.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!content) {
      setMissing(t("boContent.messages.noFile"));
      return;
    }
    if (media.length + 1 > CONTENT_UPLOAD_MAX_FILES) {
      setMissing(t("boContent.messages.tooManyFiles"));
      return;
    }
    publish.reset();
    check.mutate({ content, media }, { onSuccess: setReport, onError: () => setReport(null) });
  };
  const doPublish = () => {
    if (!content) return;
    publish.mutate(
      { content, media },
      {
        onSuccess: (r) => {
          notifyResult(r.unchanged ? t("boContent.messages.unchanged") : t("boContent.published", { number: r.version.number }), true);
          setContent(null);
          setMedia([]);
          setReport(null);
          check.reset();
        },
      },
    );
  };

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="test-content">
      <Stack gap="md">
        <Title order={2} size="h3" id="test-content">
          {t("boContent.title")}
        </Title>
        {contentKey === null ? (
          <Alert variant="light" color="blue" title={t("boContent.messages.noContentKey")}>
            <Anchor component={Link} to={editPath}>
              {t("boContent.setKey")}
            </Anchor>
          </Alert>
        ) : (
          <form noValidate onSubmit={submit} aria-busy={check.isPending || publish.isPending || undefined}>
            <Stack gap="sm">
              <Text size="sm" c="gray.7">
                {t("boContent.lead", { key: contentKey })}
              </Text>
              <Group align="flex-start" gap="md" grow wrap="wrap">
                <FileInput
                  label={t("boContent.contentFile")}
                  description={t("boContent.contentFileHelp", { key: contentKey })}
                  accept=".json,application/json,.zip,application/zip"
                  value={content}
                  onChange={(f) => (setContent(f), changed())}
                  clearable
                  required
                  error={missing}
                  miw={240}
                  clearButtonProps={{ "aria-label": t("boContent.clear") }}
                />
                <FileInput
                  label={t("boContent.mediaFiles")}
                  description={t("boContent.mediaFilesHelp")}
                  accept={MEDIA_ACCEPT}
                  multiple
                  value={media}
                  onChange={(f) => (setMedia(f), changed())}
                  clearable
                  miw={240}
                  clearButtonProps={{ "aria-label": t("boContent.clear") }}
                />
              </Group>
              <Group gap="sm">
                <Button type="submit" variant="default" loading={check.isPending}>
                  {t("boContent.check")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        <div aria-live="polite">
          {report && (
            <Stack gap="sm">
              <ReportView report={report} />
              {report.ok && !report.unchanged && (
                <Group gap="sm">
                  <Button onClick={doPublish} loading={publish.isPending}>
                    {t("boContent.publish")}
                  </Button>
                  <Text size="sm" c="gray.7">
                    {t("boContent.publishHelp")}
                  </Text>
                </Group>
              )}
            </Stack>
          )}
          <FormError message={check.isError ? errorText(check.error) : publish.isError ? errorText(publish.error) : null} />
          {publish.isError && <MessageList messages={issuesOf(publish.error)} label={t("boContent.report.messages")} />}
        </div>
        {published && (
          <Anchor href={hrefOf(backofficeQtiRoutes.exportQti, { id: testId })} download size="sm">
            {t("boContent.downloadQti")}
          </Anchor>
        )}
        <VersionsTable testId={testId} />
      </Stack>
    </Paper>
  );
}
