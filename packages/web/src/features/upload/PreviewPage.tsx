import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { PreviewAssignment, RowMessage } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { Pager } from "../../ui/Pager";
import { FormError } from "../../ui/FormError";
import { confirmUpload, uploadState, type Progress } from "./transport";
import { UploadProgress, useUploadErrorText } from "./UploadProgress";
import { CANDIDATES_LIST, CHANGES_PATH, CONFIRM_PATH, UPLOAD_PATH } from "./paths";
import { NoUpload } from "./NoUpload";

const PAGE = 50;

/** Row messages, a page of them at a time (a 10,000-row file may have thousands). */
function MessageList({ title, messages, color }: { title: string; messages: RowMessage[]; color: string }) {
  const { t, i18n } = useTranslation();
  // The server's English text, unless the message's key has a translation.
  const text = (m: RowMessage) => (m.messageKey && i18n.exists(m.messageKey) ? t("upload.rowMessage", { row: m.row, message: t(m.messageKey, m.values ?? {}) }) : m.msg);
  const [page, setPage] = useState(1);
  if (messages.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      <List size="sm" c={color} spacing={2} aria-label={title}>
        {messages.slice((page - 1) * PAGE, page * PAGE).map((m, i) => (
          <List.Item key={`${m.row}-${i}`}>{text(m)}</List.Item>
        ))}
      </List>
      <Pager page={page} pageCount={Math.ceil(messages.length / PAGE)} onChange={setPage} label={t("upload.pagesOf", { what: title })} />
    </Paper>
  );
}

/** /testing/candidates/preview: the totals, the row errors and warnings, the rows to import, and Import. */
export default function PreviewPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const navigate = useNavigate();
  const errorText = useUploadErrorText();
  const preview = uploadState.preview;
  const [page, setPage] = useState(1);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = t("upload.previewTitle");
  if (!preview) return <NoUpload title={title} />;
  const again = preview.kind === "upload" ? UPLOAD_PATH : CHANGES_PATH;

  const columns: DataColumn<PreviewAssignment>[] = [
    { key: "row", header: t("upload.columns.row"), cell: (a) => a.row, nowrap: true },
    { key: "name", header: t("upload.columns.name"), rowHeader: true, cell: (a) => [a.lastName, [a.firstName, a.middleName].filter(Boolean).join(" ")].filter(Boolean).join(", ") },
    { key: "email", header: t("upload.columns.email"), cell: (a) => a.emailAddress || "—" },
    { key: "office", header: t("upload.columns.office"), cell: (a) => a.office || "—" },
    ...(preview.kind === "upload"
      ? [
          { key: "test", header: t("upload.columns.test"), cell: (a: PreviewAssignment) => a.test || a.testGroup },
          { key: "method", header: t("upload.columns.method"), cell: (a: PreviewAssignment) => a.method || "—" },
        ]
      : []),
    { key: "existing", header: t("upload.columns.candidate"), cell: (a) => <Badge variant="outline" color={a.existing ? "gray.8" : "teal.9"}>{t(a.existing ? "upload.existing" : "upload.new")}</Badge> },
  ];

  const runImport = async () => {
    setError(null);
    setProgress({ phase: "checking", done: 0, total: preview.totalRows });
    try {
      uploadState.confirmation = await confirmUpload(preview.data, setProgress);
      navigate(CONFIRM_PATH);
    } catch (err) {
      setError(errorText(err));
      setProgress(null);
    }
  };

  return (
    <>
      <PageHeader title={title} breadcrumbs={[home, testing, { label: t("candidates.title"), to: CANDIDATES_LIST }]} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(
            [
              ["rows", preview.totalRows],
              [preview.kind === "upload" ? "toAssign" : "toChange", preview.kind === "upload" ? preview.totalAssignments : preview.assignments.length],
              ["errors", preview.errors.length],
              ["warnings", preview.warnings.length],
            ] as const
          ).map(([name, n]) => (
            <Paper key={name} withBorder p="sm">
              <Text size="sm" c="dimmed">
                {t(`upload.totals.${name}`)}
              </Text>
              <Text fz="xl" fw={700} data-testid={`total-${name}`}>
                {n.toLocaleString()}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        {preview.errors.length > 0 && (
          <Alert color="red" title={t("upload.errorsNotImported")}>
            {t("upload.fixAndUpload")}
          </Alert>
        )}
        <MessageList title={t("upload.errorsTitle")} messages={preview.errors} color="red.8" />
        <MessageList title={t("upload.warningsTitle")} messages={preview.warnings} color="yellow.9" />
        {preview.assignments.length > 0 ? (
          <>
            <DataTable caption={t("upload.rowsTitle")} columns={columns} rows={preview.assignments.slice((page - 1) * PAGE, page * PAGE)} rowKey={(a) => a.row} />
            <Pager page={page} pageCount={Math.ceil(preview.assignments.length / PAGE)} onChange={setPage} />
          </>
        ) : (
          <Text>{t("upload.nothingValid")}</Text>
        )}
        <UploadProgress progress={progress} />
        <FormError message={error} />
        <Group>
          <Button onClick={runImport} disabled={preview.assignments.length === 0} loading={progress !== null}>
            {t(preview.kind === "upload" ? "upload.import" : "upload.applyChanges", { count: preview.assignments.length })}
          </Button>
          <Button component={Link} to={again} variant="default" disabled={progress !== null}>
            {t("upload.uploadAgain")}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
