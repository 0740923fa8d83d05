import { useState, type FormEvent } from "react";
import { Anchor, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { Link } from "react-router";
import { formatSearchQuery, parseSearchQuery, SEARCH_QUERY_MAX, SORT_FIELDS, type CandidateProfile, type SortField } from "@parlance/contract";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { ApiCallError } from "../../api/client";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { Pager } from "../../ui/Pager";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { candidateCatalogs, useCandidateSearch } from "./queries";
import { useDeleteCandidate } from "./useDeleteCandidate";
import { candidatePath, downloadHref, editCandidatePath, NEW_CANDIDATE_PATH } from "./paths";
import { SearchHelp } from "./SearchHelp";
import { candidateCountText } from "./countText";
import { useQuerySearch } from "../../ui/useQuerySearch";
import { CHANGES_PATH, UPLOAD_PATH } from "../upload";

/** The spec's cap on the email search field (§5, §9). */
const EMAIL_SEARCH_MAX = 24;
const NAME_SEARCH_MAX = 125;

/** The sort of a query, if it names one (sort:field or sort:-field). */
function sortOf(query: string): { field: SortField; descending: boolean } | null {
  const parsed = parseSearchQuery(query);
  return parsed.ok ? parsed.query.sort : null;
}

/** /testing/candidates: basic and advanced search, sorted and paged results, delete, and the CSV of the search. */
export default function CandidatesPage() {
  const { t, i18n } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const { query, page, setSearch, run, reset, queryError, clearQueryError } = useQuerySearch();
  const results = useCandidateSearch(query, page);
  const errorText = useApiErrorText(candidateCatalogs);
  const { requestDelete, deleting } = useDeleteCandidate({
    onDeleted: () => results.data && results.data.candidateProfiles.length === 1 && page > 1 && setSearch(query, page - 1),
  });

  // A search opened from a link shows its query where it can be read and changed.
  const [tab, setTab] = useState<string | null>(query ? "advanced" : "basic");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [expired, setExpired] = useState<string | null>("all");
  const initialSort = sortOf(query);
  const [sort, setSort] = useState<string | null>(initialSort?.field ?? "name");
  const [descending, setDescending] = useState(initialSort?.descending ?? false);
  const [advanced, setAdvanced] = useState(query);

  const chosenSort = () => {
    const field = (sort ?? "name") as SortField;
    // The default order (name, A to Z) needs no sort term.
    return field === "name" && !descending ? null : { field, descending };
  };

  const submitBasic = (e: FormEvent) => {
    e.preventDefault();
    const text = formatSearchQuery({ terms: { name, email, expired: expired ?? "all" }, sort: chosenSort() });
    // The advanced box shows the same search in the query language.
    setAdvanced(text);
    run(text);
  };

  const submitAdvanced = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseSearchQuery(advanced);
    if (parsed.ok && parsed.query.sort) {
      setSort(parsed.query.sort.field);
      setDescending(parsed.query.sort.descending);
    }
    run(advanced.trim());
  };

  const clear = () => {
    setName("");
    setEmail("");
    setExpired("all");
    setSort("name");
    setDescending(false);
    setAdvanced("");
    reset();
  };

  const rows = results.data?.candidateProfiles ?? [];
  const showRoles = rows.some((r) => r.healthCareRole);
  const columns: DataColumn<CandidateProfile>[] = [
    {
      key: "name",
      header: t("candidates.columns.name"),
      rowHeader: true,
      cell: (c) => (
        <Anchor component={Link} to={candidatePath(c.id)}>
          {c.displayAs}
        </Anchor>
      ),
    },
    { key: "employeeId", header: t("candidates.columns.employeeId"), cell: (c) => c.employeeId || "—", nowrap: true },
    { key: "office", header: t("candidates.columns.office"), cell: (c) => c.office ?? "—" },
    { key: "email", header: t("candidates.columns.email"), cell: (c) => c.emailAddress || "—" },
    ...(showRoles ? [{ key: "role", header: t("candidates.columns.healthCareRole"), cell: (c: CandidateProfile) => c.healthCareRole ?? "—" }] : []),
    {
      key: "notes",
      header: t("candidates.columns.notes"),
      cell: (c) => (
        <Text size="sm" lineClamp={2} maw={260}>
          {c.notes || "—"}
        </Text>
      ),
    },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      nowrap: true,
      cell: (c) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button component={Link} to={editCandidatePath(c.id)} size="compact-sm" variant="light" aria-label={t("candidates.editNamed", { name: c.displayAs })}>
            {t("ui.edit")}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            loading={deleting === c.id}
            aria-label={t("candidates.deleteNamed", { name: c.displayAs })}
            onClick={() => requestDelete(c)}
          >
            {t("ui.delete")}
          </Button>
        </Group>
      ),
    },
  ];

  const addButton = (
    <>
      <Button component={Link} to={UPLOAD_PATH} variant="default">
        {t("upload.title")}
      </Button>
      <Button component={Link} to={CHANGES_PATH} variant="default">
        {t("upload.changesTitle")}
      </Button>
      <Button component={Link} to={NEW_CANDIDATE_PATH}>
        {t("candidates.add")}
      </Button>
    </>
  );

  const badQuery = (err: unknown) =>
    err instanceof ApiCallError && err.status === 400 ? (
      <EmptyState message={errorText(err)} />
    ) : undefined;

  return (
    <>
      <PageHeader title={t("candidates.title")} breadcrumbs={[home, testing]} actions={addButton} />

      <Paper withBorder p={{ base: "md", sm: "lg" }} mb="lg" component="section" aria-labelledby="candidate-search">
        <Title order={2} id="candidate-search" fz="lg" mb="sm">
          {t("candidates.search.heading")}
        </Title>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="basic">{t("candidates.search.basic")}</Tabs.Tab>
            <Tabs.Tab value="advanced">{t("candidates.search.advanced")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basic">
            <form onSubmit={submitBasic} role="search" aria-label={t("candidates.search.basic")}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                  <TextInput
                    label={t("candidates.search.name")}
                    description={t("candidates.search.nameHint")}
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                    maxLength={NAME_SEARCH_MAX}
                    autoComplete="off"
                  />
                  <TextInput
                    label={t("candidates.search.email")}
                    description={t("candidates.form.maxHint", { max: EMAIL_SEARCH_MAX })}
                    value={email}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                    maxLength={EMAIL_SEARCH_MAX}
                    autoComplete="off"
                    type="search"
                  />
                  <Select
                    label={t("candidates.search.expired")}
                    value={expired}
                    onChange={setExpired}
                    allowDeselect={false}
                    data={[
                      { value: "all", label: t("candidates.search.expiredAll") },
                      { value: "yes", label: t("candidates.search.expiredYes") },
                      { value: "no", label: t("candidates.search.expiredNo") },
                    ]}
                  />
                  <Stack gap={6}>
                    <Select
                      label={t("candidates.search.sort")}
                      value={sort}
                      onChange={setSort}
                      allowDeselect={false}
                      data={SORT_FIELDS.map((f) => ({ value: f, label: t(`candidates.sort.${f}`) }))}
                    />
                    <Checkbox label={t("candidates.search.descending")} checked={descending} onChange={(e) => setDescending(e.currentTarget.checked)} />
                  </Stack>
                </SimpleGrid>
                <Group gap="sm">
                  <Button type="submit">{t("candidates.search.submit")}</Button>
                  <Button variant="default" onClick={clear}>
                    {t("candidates.search.clear")}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Tabs.Panel>
          <Tabs.Panel value="advanced">
            <form onSubmit={submitAdvanced} role="search" aria-label={t("candidates.search.advanced")}>
              <Stack gap="sm">
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t("candidates.search.query")}
                    description={t("candidates.search.queryHint")}
                    value={advanced}
                    onChange={(e) => {
                      setAdvanced(e.currentTarget.value);
                      if (queryError) clearQueryError();
                    }}
                    maxLength={SEARCH_QUERY_MAX}
                    error={queryError}
                    autoComplete="off"
                    spellCheck={false}
                    type="search"
                  />
                  <SearchHelp />
                </Group>
                <Group gap="sm">
                  <Button type="submit">{t("candidates.search.submit")}</Button>
                  <Button variant="default" onClick={clear}>
                    {t("candidates.search.clear")}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Tabs.Panel>
        </Tabs>
      </Paper>

      <section aria-labelledby="candidate-results">
        <Group justify="space-between" align="center" mb="sm" gap="sm">
          <Title order={2} id="candidate-results" fz="lg">
            {results.data ? candidateCountText(t, i18n.language, results.data) : t("candidates.table")}
          </Title>
          {results.data && results.data.itemCount > 0 && (
            <Anchor href={downloadHref(query)} download="candidates.csv" aria-label={t("candidates.downloadLabel")}>
              {t("candidates.download")}
            </Anchor>
          )}
        </Group>
        <RemoteData
          query={results}
          renderError={badQuery}
          isEmpty={(d) => d.itemCount === 0}
          empty={
            <EmptyState
              message={query ? t("candidates.noMatches") : t("candidates.empty")}
              action={
                <Anchor component={Link} to={NEW_CANDIDATE_PATH}>
                  {query ? t("candidates.createOne") : t("candidates.addFirst")}
                </Anchor>
              }
            />
          }
        >
          {(data) => (
            <>
              <DataTable caption={t("candidates.table")} captionHidden columns={columns} rows={data.candidateProfiles} rowKey={(c) => c.id} minWidth={760} />
              <Pager page={page} pageCount={data.pageCount} atLeast={data.itemCountBounded} onChange={(p) => setSearch(query, p)} label={t("candidates.pager")} />
            </>
          )}
        </RemoteData>
      </section>
    </>
  );
}
