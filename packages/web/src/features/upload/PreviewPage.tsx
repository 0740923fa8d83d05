import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { PREVIEW_PAGE_SIZE, uploadRoutes, type PreviewAssignment, type PreviewList, type RowMessage, type UploadPreview } from "@parlance/contract";
import { call } from "../../api/client";
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
import { useStoredUpload, withUploadKey } from "./useStoredUpload";
import { PageLoader } from "../../ui/PageLoader";

/**
 * A page of one of the preview's lists: the first came with the preview, the others are read from
 * the server as the pager asks (a 100,000-row file's lists are never held whole in the page).
 */
function usePreviewPage<T>(preview: UploadPreview, list: PreviewList, first: T[], pick: (p: { assignments: PreviewAssignment[]; messages: RowMessage[] }) => T[]) {
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<{ page: number; items: T[] } | null>(null);
  useEffect(() => {
    if (page === 1) return;
    let live = true;
    call(uploadRoutes.previewPage, { data: preview.data, list, page })
      .then((answer) => live && setItems({ page, items: pick(answer) }))
      .catch(() => live && setItems({ page, items: [] }));
    return () => {
      live = false;
    };
    // pick is a selector without state of its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preview.data, list, page]);
  const shown = page === 1 ? first : items?.page === page ? items.items : [];
  return { page, setPage, shown };
}

/** Row messages, a page of them at a time (a 100,000-row file may have many thousands). */
function MessageList({ title, preview, list, color }: { title: string; preview: UploadPreview; list: "errors" | "warnings"; color: string }) {
  const { t, i18n } = useTranslation();
  // The server's English text, unless the message's key has a translation.
  const text = (m: RowMessage) => (m.messageKey && i18n.exists(m.messageKey) ? t("upload.rowMessage", { row: m.row, message: t(m.messageKey, m.values ?? {}) }) : m.msg);
  const total = list === "errors" ? preview.totalErrors : preview.totalWarnings;
  const { page, setPage, shown } = usePreviewPage(preview, list, preview[list], (p) => p.messages);
  if (total === 0) return null;
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      <List size="sm" c={color} spacing={2} aria-label={title}>
        {shown.map((m, i) => (
          <List.Item key={`${m.row}-${i}`}>{text(m)}</List.Item>
        ))}
      </List>
      <Pager page={page} pageCount={Math.ceil(total / PREVIEW_PAGE_SIZE)} onChange={setPage} label={t("upload.pagesOf", { what: title })} />
    </Paper>
  );
}

/** /testing/candidates/preview: the totals, the row errors and warnings, the rows to import, and Import. */
export default function PreviewPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const navigate = useNavigate();
  const errorText = useUploadErrorText();
  const stored = useStoredUpload();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = t("upload.previewTitle");
  const preview = stored.state?.preview;
  const confirmed = stored.state?.confirmation;
  // An upload imported since (another tab, or Back after Import): its confirmation.
  useEffect(() => {
    if (confirmed) navigate(withUploadKey(CONFIRM_PATH, confirmed.data), { replace: true });
  }, [confirmed, navigate]);
  if (stored.status === "loading" || confirmed) return <PageLoader />;
  if (!preview) return <NoUpload title={title} />;
  return <Preview preview={preview} title={title} home={home} testing={testing} navigate={navigate} errorText={errorText} progress={progress} setProgress={setProgress} error={error} setError={setError} />;
}

function Preview({
  preview,
  title,
  home,
  testing,
  navigate,
  errorText,
  progress,
  setProgress,
  error,
  setError,
}: {
  preview: UploadPreview;
  title: string;
  home: ReturnType<typeof useStandardCrumbs>["home"];
  testing: ReturnType<typeof useStandardCrumbs>["testing"];
  navigate: ReturnType<typeof useNavigate>;
  errorText: ReturnType<typeof useUploadErrorText>;
  progress: Progress | null;
  setProgress: (p: Progress | null) => void;
  error: string | null;
  setError: (e: string | null) => void;
}) {
  const { t } = useTranslation();
  const { page, setPage, shown } = usePreviewPage(preview, "assignments", preview.assignments, (p) => p.assignments);
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
      navigate(withUploadKey(CONFIRM_PATH, preview.data));
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
              [preview.kind === "upload" ? "toAssign" : "toChange", preview.kind === "upload" ? preview.totalAssignments : preview.totalValid],
              ["errors", preview.totalErrors],
              ["warnings", preview.totalWarnings],
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
        {preview.totalErrors > 0 && (
          <Alert color="red" title={t("upload.errorsNotImported")}>
            {t("upload.fixAndUpload")}
          </Alert>
        )}
        <MessageList title={t("upload.errorsTitle")} preview={preview} list="errors" color="red.8" />
        <MessageList title={t("upload.warningsTitle")} preview={preview} list="warnings" color="yellow.9" />
        {preview.totalValid > 0 ? (
          <>
            <DataTable caption={t("upload.rowsTitle")} columns={columns} rows={shown} rowKey={(a) => a.row} />
            <Pager page={page} pageCount={Math.ceil(preview.totalValid / PREVIEW_PAGE_SIZE)} onChange={setPage} />
          </>
        ) : (
          <Text>{t("upload.nothingValid")}</Text>
        )}
        <UploadProgress progress={progress} />
        <FormError message={error} />
        <Group>
          <Button onClick={runImport} disabled={preview.totalValid === 0} loading={progress !== null}>
            {t(preview.kind === "upload" ? "upload.import" : "upload.applyChanges", { count: preview.totalValid })}
          </Button>
          <Button component={Link} to={again} variant="default" disabled={progress !== null}>
            {t("upload.uploadAgain")}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
