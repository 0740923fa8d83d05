import { Anchor, Button, NativeSelect, Text } from "@mantine/core";
import { Link } from "react-router";
import { STAFF_SEARCH_MAX, type EvaluatorProfileRow } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { DataTable, type DataColumn } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { useSearchState } from "../../../ui/useSearchState";
import { SearchBar } from "../SearchBar";
import { evaluatorPath, NEW_EVALUATOR_PATH, useAdminCrumbs } from "../paths";
import { useEvaluatorList, useEvaluatorOptions } from "./queries";
import { useFilterParam } from "./useFilterParam";
import { StaffStatus } from "./StaffStatus";

/** /admin/evaluators: evaluator profiles with their languages, load and capacity; search and a language filter. */
export default function EvaluatorsPage() {
  const { t } = useTranslation();
  const crumbs = useAdminCrumbs();
  const [q, page, setSearch] = useSearchState();
  const [languageParam, setLanguage] = useFilterParam("language");
  const options = useEvaluatorOptions();
  const languageId = languageParam !== null && /^\d+$/.test(languageParam) ? Number(languageParam) : null;
  const query = useEvaluatorList({ q, page, languageId });

  const columns: DataColumn<EvaluatorProfileRow>[] = [
    {
      key: "name",
      header: t("backofficeAccounts.people.name"),
      rowHeader: true,
      cell: (e) => (
        <Anchor component={Link} to={evaluatorPath(e.id)}>
          {e.name}
        </Anchor>
      ),
    },
    { key: "languages", header: t("backofficeStaff.evaluators.languages"), cell: (e) => e.languages.map((l) => l.name).join(", ") },
    {
      key: "load",
      header: t("backofficeStaff.evaluators.load"),
      cell: (e) => (e.capacity === null ? t("backofficeStaff.evaluators.loadUnlimited", { open: e.openTests }) : t("backofficeStaff.evaluators.loadOf", { open: e.openTests, capacity: e.capacity })),
      nowrap: true,
    },
    { key: "work", header: t("backofficeStaff.evaluators.acceptsWork"), cell: (e) => (e.acceptsWork ? t("ui.yes") : t("ui.no")) },
    { key: "status", header: t("backofficeAccounts.people.status"), cell: (e) => <StaffStatus user={{ isActive: e.isActive, activated: true }} /> },
  ];

  return (
    <>
      <PageHeader
        title={t("backofficeStaff.evaluators.title")}
        breadcrumbs={crumbs}
        actions={
          <Button component={Link} to={NEW_EVALUATOR_PATH}>
            {t("backofficeStaff.evaluators.add")}
          </Button>
        }
      />
      <SearchBar label={t("backofficeStaff.evaluators.searchLabel")} value={q} maxLength={STAFF_SEARCH_MAX} onSearch={(text) => setSearch(text, 1)}>
        <NativeSelect
          label={t("backofficeStaff.evaluators.languageFilter")}
          value={languageId === null ? "" : String(languageId)}
          onChange={(e) => setLanguage(e.currentTarget.value || null)}
          data={[{ value: "", label: t("backofficeStaff.evaluators.anyLanguage") }, ...(options.data?.languages ?? []).map((l) => ({ value: String(l.id), label: l.name }))]}
        />
      </SearchBar>
      <RemoteData query={query} isEmpty={(d) => d.itemCount === 0} empty={<EmptyState message={t("backofficeStaff.evaluators.empty")} />}>
        {(data) => (
          <>
            <Text size="sm" c="gray.7" mb="xs" aria-hidden>
              {t("backofficeStaff.evaluators.tableCaption", { count: data.itemCount })}
            </Text>
            <DataTable caption={t("backofficeStaff.evaluators.tableCaption", { count: data.itemCount })} captionHidden columns={columns} rows={data.evaluators} rowKey={(e) => e.id} minWidth={680} />
            <Pager page={page} pageCount={data.pageCount} onChange={(p) => setSearch(q, p)} label={t("backofficeStaff.evaluators.pagerLabel")} />
          </>
        )}
      </RemoteData>
    </>
  );
}
