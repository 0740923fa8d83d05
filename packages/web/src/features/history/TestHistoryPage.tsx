import { useState, type FormEvent } from "react";
import { Anchor, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { Link } from "react-router";
import {
  formatSearchQuery,
  SEARCH_QUERY_MAX,
  TEST_METHODS,
  type DownloadFormat,
  type SortField,
  type TestHistoryItem,
} from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { formatDateTime } from "../../i18n/format";
import { ApiCallError } from "../../api/client";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { Pager } from "../../ui/Pager";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { notifyResult } from "../../ui/form";
import { useMethodLabel, useTestStatusText } from "../../ui/testStatus";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { downloadHistory, historyCatalogs, useTestHistory } from "./queries";
import { HistoryLoadError } from "./HistoryLoadError";
import { EmailResultsDialog } from "./EmailResultsDialog";
import { trackPath } from "./CandidateTests";
import { useQuerySearch } from "../../ui/useQuerySearch";

const candidatePath = (id: number) => `/testing/candidates/${id}`;

const SORTS: { value: string; labelKey: string; sort: { field: SortField; descending?: boolean } | null }[] = [
  { value: "", labelKey: "history.page.sortDefault", sort: null },
  { value: "date", labelKey: "history.page.sortDate", sort: { field: "date", descending: true } },
  { value: "name", labelKey: "history.page.sortName", sort: { field: "name" } },
  { value: "id", labelKey: "history.page.sortId", sort: { field: "id" } },
  { value: "office", labelKey: "history.page.sortOffice", sort: { field: "office" } },
  { value: "email", labelKey: "history.page.sortEmail", sort: { field: "email" } },
  { value: "test", labelKey: "history.page.sortTest", sort: { field: "test" } },
  { value: "method", labelKey: "history.page.sortMethod", sort: { field: "method" } },
  { value: "health_care_role", labelKey: "history.page.sortRole", sort: { field: "health_care_role" } },
];

/** /testing/candidates/tests: search every test, page through, pick tests to email, download all. */
export default function TestHistoryPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home, testing } = useStandardCrumbs();
  const { query, page, setSearch, run, reset, queryError, clearQueryError } = useQuerySearch();
  const history = useTestHistory(query, page);
  const statusText = useTestStatusText();
  const methodLabel = useMethodLabel();
  const errorText = useApiErrorText(historyCatalogs);

  // The form: basic fields and the advanced query, joined into one query on Search.
  const [name, setName] = useState("");
  const [test, setTest] = useState("");
  const [method, setMethod] = useState<string | null>("");
  const [expired, setExpired] = useState<string | null>("all");
  const [sort, setSort] = useState<string | null>("");
  const [advanced, setAdvanced] = useState(query);

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [emailOpen, setEmailOpen] = useState(false);
  const [downloading, setDownloading] = useState<DownloadFormat | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosenSort = SORTS.find((s) => s.value === (sort ?? ""))?.sort ?? null;
    const text = formatSearchQuery({
      text: advanced,
      terms: { name, test, method: method ?? "", expired: expired ?? "all" },
      sort: chosenSort,
    });
    run(text);
  };

  const clear = () => {
    setName("");
    setTest("");
    setMethod("");
    setExpired("all");
    setSort("");
    setAdvanced("");
    reset();
  };

  const download = async (format: DownloadFormat) => {
    setDownloading(format);
    try {
      await downloadHistory(query, format);
    } catch (err) {
      notifyResult(errorText(err), false);
    } finally {
      setDownloading(null);
    }
  };

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const rows = history.data?.results ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const columns: DataColumn<TestHistoryItem>[] = [
    {
      key: "select",
      header: t("history.columns.select"),
      headerHidden: true,
      cell: (r) => (
        <Checkbox
          aria-label={t("history.page.selectTest", { test: r.test, name: r.candidateName })}
          checked={selected.has(r.id)}
          onChange={(e) => toggle(r.id, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: "candidate",
      header: t("history.columns.candidate"),
      rowHeader: true,
      cell: (r) => (
        <Anchor component={Link} to={candidatePath(r.candidateId)}>
          {r.candidateName}
        </Anchor>
      ),
    },
    { key: "employeeId", header: t("history.columns.employeeId"), cell: (r) => r.employeeId || "—", nowrap: true },
    { key: "office", header: t("history.columns.office"), cell: (r) => r.office ?? "—" },
    {
      key: "test",
      header: t("history.columns.test"),
      cell: (r) => (
        <Stack gap={2}>
          <span>{r.test}</span>
          {r.candidateTrackId !== null && (
            <Anchor component={Link} to={trackPath(r.candidateTrackId)} size="sm" aria-label={t("history.candidateTests.batteryLink", { test: r.test })}>
              {t("history.page.battery")}
            </Anchor>
          )}
        </Stack>
      ),
    },
    { key: "method", header: t("history.columns.method"), cell: (r) => methodLabel(r.method), nowrap: true },
    { key: "code", header: t("history.columns.accessCode"), cell: (r) => <Text ff="monospace" size="sm">{r.accessCode}</Text>, nowrap: true },
    { key: "date", header: t("history.columns.date"), cell: (r) => (r.date ? formatDateTime(r.date, language) : "—"), nowrap: true },
    { key: "status", header: t("history.columns.status"), cell: (r) => statusText(r.view).status },
    { key: "score", header: t("history.columns.score"), cell: (r) => statusText(r.view).score || "—" },
  ];

  const loadError = (err: unknown) =>
    err instanceof ApiCallError && err.status === 400 ? (
      <HistoryLoadError message={errorText(err)} />
    ) : (
      <HistoryLoadError onRetry={() => void history.refetch()} retrying={history.isFetching} />
    );

  return (
    <>
      <PageHeader title={t("history.page.title")} breadcrumbs={[home, testing]} />

      <Paper withBorder p={{ base: "md", sm: "lg" }} mb="lg" component="section" aria-labelledby="history-search">
        <Text component="h2" id="history-search" fw={700} fz="lg" mt={0} mb="sm">
          {t("history.page.searchHeading")}
        </Text>
        <form onSubmit={submit} role="search" aria-labelledby="history-search">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <TextInput label={t("history.page.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={125} autoComplete="off" />
              <TextInput label={t("history.page.test")} value={test} onChange={(e) => setTest(e.currentTarget.value)} maxLength={125} autoComplete="off" />
              <Select
                label={t("history.page.method")}
                value={method}
                onChange={setMethod}
                allowDeselect={false}
                data={[{ value: "", label: t("history.page.anyMethod") }, ...TEST_METHODS.map((m) => ({ value: m, label: methodLabel(m) }))]}
              />
              <Select
                label={t("history.page.expired")}
                value={expired}
                onChange={setExpired}
                allowDeselect={false}
                data={[
                  { value: "all", label: t("history.page.expiredAll") },
                  { value: "yes", label: t("history.page.expiredYes") },
                  { value: "no", label: t("history.page.expiredNo") },
                ]}
              />
              <Select
                label={t("history.page.sort")}
                value={sort}
                onChange={setSort}
                allowDeselect={false}
                data={SORTS.map((s) => ({ value: s.value, label: t(s.labelKey) }))}
              />
            </SimpleGrid>
            <TextInput
              label={t("history.page.advanced")}
              description={t("history.page.advancedHint")}
              value={advanced}
              onChange={(e) => {
                setAdvanced(e.currentTarget.value);
                if (queryError) clearQueryError();
              }}
              maxLength={SEARCH_QUERY_MAX}
              error={queryError}
              autoComplete="off"
              spellCheck={false}
            />
            <Group gap="sm">
              <Button type="submit">{t("history.page.search")}</Button>
              <Button variant="default" onClick={clear}>
                {t("history.page.clear")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Group justify="space-between" mb="sm" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {history.data ? t("history.page.resultCount", { count: history.data.itemCount }) : ""}
          {selected.size > 0 ? ` · ${t("history.page.selectedCount", { count: selected.size })}` : ""}
        </Text>
        <Group gap="xs">
          <Button variant="light" disabled={selected.size === 0} onClick={() => setEmailOpen(true)}>
            {t("history.page.emailResults")}
          </Button>
          <Button variant="default" loading={downloading === "csv"} onClick={() => void download("csv")}>
            {t("history.page.downloadCsv")}
          </Button>
          <Button variant="default" loading={downloading === "xlsx"} onClick={() => void download("xlsx")}>
            {t("history.page.downloadXlsx")}
          </Button>
        </Group>
      </Group>

      <RemoteData
        query={history}
        isEmpty={(d) => d.itemCount === 0}
        empty={<EmptyState message={t("history.page.empty")} />}
        renderError={loadError}
        skeletonRows={6}
      >
        {(data) => (
          <>
            <Checkbox
              mb="xs"
              label={t("history.page.selectPage")}
              checked={allOnPage}
              indeterminate={!allOnPage && data.results.some((r) => selected.has(r.id))}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setSelected((prev) => {
                  const next = new Set(prev);
                  for (const r of data.results) {
                    if (on) next.add(r.id);
                    else next.delete(r.id);
                  }
                  return next;
                });
              }}
            />
            <DataTable caption={t("history.page.resultsCaption")} captionHidden columns={columns} rows={data.results} rowKey={(r) => r.id} minWidth={1000} />
            <Pager page={page} pageCount={data.pageCount} onChange={(p) => setSearch(query, p)} label={t("history.page.pagerLabel")} />
          </>
        )}
      </RemoteData>

      <EmailResultsDialog
        opened={emailOpen}
        ids={[...selected]}
        onClose={() => setEmailOpen(false)}
        onSent={() => {
          setEmailOpen(false);
          setSelected(new Set());
        }}
      />
    </>
  );
}
