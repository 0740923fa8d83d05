import { Anchor, Button, Text } from "@mantine/core";
import { Link } from "react-router";
import { ACCOUNT_SEARCH_MAX, type AccountRow } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatDate } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { DataTable, type DataColumn } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { useSearchState } from "../../../ui/useSearchState";
import { useStartup } from "../../../ui/startup";
import { useAccountList } from "./queries";
import { accountPath, NEW_ACCOUNT_PATH, useAdminCrumbs } from "../paths";
import { SearchBar } from "../SearchBar";

/** /admin/accounts: the provider's client accounts, searched by name or id, 20 a page. */
export default function AccountsPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const crumbs = useAdminCrumbs();
  const [q, page, setSearch] = useSearchState();
  const query = useAccountList(q, page);

  const columns: DataColumn<AccountRow>[] = [
    {
      key: "name",
      header: t("backofficeAccounts.columns.name"),
      rowHeader: true,
      cell: (a) => (
        <Anchor component={Link} to={accountPath(a.id)}>
          {a.name}
        </Anchor>
      ),
    },
    { key: "id", header: t("backofficeAccounts.columns.id"), cell: (a) => a.id, nowrap: true },
    { key: "services", header: t("backofficeAccounts.columns.services"), cell: (a) => a.services.map((s) => t(`backofficeAccounts.services.${s}`)).join(", ") },
    { key: "terms", header: t("backofficeAccounts.columns.paymentTerms"), cell: (a) => t(`backofficeAccounts.paymentTerms.${a.paymentTerms}`) },
    { key: "offices", header: t("backofficeAccounts.columns.offices"), cell: (a) => a.offices, align: "right" },
    { key: "users", header: t("backofficeAccounts.columns.users"), cell: (a) => a.users, align: "right" },
    { key: "created", header: t("backofficeAccounts.columns.created"), cell: (a) => formatDate(a.createdAt, language), nowrap: true },
  ];

  return (
    <>
      <PageHeader
        title={t("backofficeAccounts.title")}
        breadcrumbs={crumbs}
        actions={
          <Button component={Link} to={NEW_ACCOUNT_PATH}>
            {t("backofficeAccounts.add")}
          </Button>
        }
      />
      <SearchBar label={t("backofficeAccounts.searchLabel")} value={q} maxLength={ACCOUNT_SEARCH_MAX} onSearch={(text) => setSearch(text, 1)} />
      <RemoteData
        query={query}
        isEmpty={(d) => d.itemCount === 0}
        empty={
          <EmptyState
            message={q ? t("backofficeAccounts.noMatch", { q }) : t("backofficeAccounts.empty")}
            action={
              !q && (
                <Anchor component={Link} to={NEW_ACCOUNT_PATH}>
                  {t("backofficeAccounts.addFirst")}
                </Anchor>
              )
            }
          />
        }
      >
        {(data) => (
          <>
            <Text size="sm" c="gray.7" mb="xs" aria-hidden>
              {t("backofficeAccounts.tableCaption", { count: data.itemCount })}
            </Text>
            <DataTable caption={t("backofficeAccounts.tableCaption", { count: data.itemCount })} captionHidden columns={columns} rows={data.accounts} rowKey={(a) => a.id} minWidth={720} />
            <Pager page={page} pageCount={data.pageCount} onChange={(p) => setSearch(q, p)} label={t("backofficeAccounts.pagerLabel")} />
          </>
        )}
      </RemoteData>
    </>
  );
}
