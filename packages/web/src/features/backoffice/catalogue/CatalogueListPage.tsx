import { useState, type FormEvent } from "react";
import { Anchor, Button, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { CATALOGUE_SEARCH_MAX, CATALOGUE_STATUSES, INTL_LOCALE, type CatalogueStatus, type CatalogueTestRow } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { DataTable } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { StatusTag } from "../../../ui/StatusTag";
import { useStartup } from "../../../ui/startup";
import { useCatalogueList } from "./queries";
import { NEW_TEST_PATH, testPath, useCatalogueCrumbs } from "./paths";
import { languageName, timesOf } from "./labels";

/** ?query=…&status=…&page=N: what the list shows, so a reload or the back button keeps it. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("page"));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const query = params.get("query") ?? "";
  const given = params.get("status");
  const status: CatalogueStatus = (CATALOGUE_STATUSES as readonly string[]).includes(given ?? "") ? (given as CatalogueStatus) : "all";
  const set = (next: { query?: string; status?: CatalogueStatus; page?: number }) =>
    setParams(
      (p) => {
        const q = next.query ?? query;
        const s = next.status ?? status;
        const n = next.page ?? 1;
        if (q) p.set("query", q);
        else p.delete("query");
        if (s !== "all") p.set("status", s);
        else p.delete("status");
        if (n > 1) p.set("page", String(n));
        else p.delete("page");
        return p;
      },
      { preventScrollReset: true },
    );
  return { query, status, page, set };
}

/** /admin/tests: the test catalogue, searched and paged, with each test's language, method, times, state, content and accounts. */
export default function CatalogueListPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const crumbs = useCatalogueCrumbs(false);
  const { query, status, page, set } = useListState();
  const [typed, setTyped] = useState(query);
  const list = useCatalogueList(query, status, page);

  const search = (e: FormEvent) => {
    e.preventDefault();
    set({ query: typed.trim() });
  };
  const createLink = (
    <Button component={Link} to={NEW_TEST_PATH}>
      {t("boCatalogue.create")}
    </Button>
  );
  const columns = [
    {
      key: "name",
      header: t("boCatalogue.fields.description"),
      rowHeader: true,
      cell: (r: CatalogueTestRow) => (
        <Anchor component={Link} to={testPath(r.id)}>
          {r.description}
        </Anchor>
      ),
    },
    { key: "language", header: t("boCatalogue.fields.language"), cell: (r: CatalogueTestRow) => languageName(INTL_LOCALE[language], r.language) },
    { key: "method", header: t("boCatalogue.fields.method"), cell: (r: CatalogueTestRow) => t(`boCatalogue.methods.${r.method}`) },
    { key: "times", header: t("boCatalogue.fields.times"), nowrap: true, cell: (r: CatalogueTestRow) => timesOf(t, r) },
    {
      key: "state",
      header: t("boCatalogue.fields.state"),
      cell: (r: CatalogueTestRow) => <StatusTag tone={r.is_active ? "good" : "neutral"}>{t(r.is_active ? "boCatalogue.active" : "boCatalogue.retired")}</StatusTag>,
    },
    { key: "versions", header: t("boCatalogue.fields.versions"), align: "right" as const, cell: (r: CatalogueTestRow) => r.content_versions },
    { key: "accounts", header: t("boCatalogue.fields.accounts"), align: "right" as const, cell: (r: CatalogueTestRow) => r.accounts },
  ];

  return (
    <>
      <PageHeader title={t("boCatalogue.title")} breadcrumbs={crumbs} actions={createLink} />
      <Stack gap="md">
        <form role="search" aria-label={t("boCatalogue.searchLabel")} onSubmit={search}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t("boCatalogue.search")}
              description={t("boCatalogue.searchHelp")}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              maxLength={CATALOGUE_SEARCH_MAX}
              style={{ flex: "1 1 16rem" }}
            />
            <Button type="submit" variant="default">
              {t("boCatalogue.searchButton")}
            </Button>
          </Group>
        </form>
        <Radio.Group label={t("boCatalogue.show")} value={status} onChange={(v) => set({ status: v as CatalogueStatus })}>
          <Group gap="md" mt={4}>
            {CATALOGUE_STATUSES.map((s) => (
              <Radio key={s} value={s} label={t(`boCatalogue.statuses.${s}`)} />
            ))}
          </Group>
        </Radio.Group>
        <RemoteData
          query={list}
          isEmpty={(d) => d.tests.length === 0}
          empty={<EmptyState message={query || status !== "all" ? t("boCatalogue.noMatches") : t("boCatalogue.empty")} action={createLink} />}
        >
          {(data) => (
            <Stack gap="xs">
              <Text size="sm" c="gray.7" aria-live="polite">
                {t("boCatalogue.count", { count: data.itemCount })}
              </Text>
              <DataTable caption={t("boCatalogue.tableCaption")} captionHidden columns={columns} rows={data.tests} rowKey={(r) => r.id} minWidth={860} />
              <Pager page={page} pageCount={data.pageCount} onChange={(p) => set({ page: p })} label={t("boCatalogue.pages")} />
            </Stack>
          )}
        </RemoteData>
      </Stack>
    </>
  );
}
