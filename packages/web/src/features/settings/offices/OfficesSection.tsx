import { Anchor, Button, Group, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link, useSearchParams } from "react-router";
import type { OfficeRow } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import { DataTable, type DataColumn } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { StatusTag } from "../../../ui/StatusTag";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { useOfficeList } from "../queries";
import { useDeleteOffice } from "./useDeleteOffice";
import { editOfficePath, NEW_OFFICE_PATH, officePath } from "../officePaths";

/** ?page=N of the settings page; anything else is page 1. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("page"));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setParams(
      (p) => {
        if (next <= 1) p.delete("page");
        else p.set("page", String(next));
        return p;
      },
      { preventScrollReset: true },
    );
  return [page, setPage];
}

/** The offices list of the Account Settings page: paged table, add, edit and delete. */
export function OfficesSection() {
  const { t } = useTranslation();
  const { can } = useStartup();
  const canManage = can("manageOffices");
  const [page, setPage] = usePageParam();
  const query = useOfficeList(page);
  const { requestDelete, deleting } = useDeleteOffice({
    // Deleting the last office of the last page: step back to the page before.
    onDeleted: () => query.data && query.data.offices.length === 1 && page > 1 && setPage(page - 1),
  });

  const columns: DataColumn<OfficeRow>[] = [
    { key: "id", header: t("offices.columns.id"), cell: (o) => o.id, nowrap: true },
    {
      key: "name",
      header: t("offices.columns.name"),
      rowHeader: true,
      // A closed office (closed by the provider) says so beside its name: it takes no new tests.
      cell: (o) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={officePath(o.id)}>
            {o.name}
          </Anchor>
          {o.is_closed && <StatusTag tone="neutral">{t("offices.closed")}</StatusTag>}
        </Group>
      ),
    },
    { key: "users", header: t("offices.columns.users"), cell: (o) => o.users, align: "right" },
    { key: "tests", header: t("offices.columns.tests"), cell: (o) => o.tests, align: "right" },
    { key: "is_invoiced", header: t("offices.columns.isInvoiced"), cell: (o) => (o.is_invoiced ? t("ui.yes") : t("ui.no")) },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      nowrap: true,
      cell: (o) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button component={Link} to={editOfficePath(o.id)} size="compact-sm" variant="light" aria-label={t("offices.editNamed", { name: o.name })}>
            {t("ui.edit")}
          </Button>
          {canManage && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              loading={deleting === o.id}
              aria-label={t("offices.deleteNamed", { name: o.name })}
              onClick={() => requestDelete(o)}
            >
              {t("ui.delete")}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const addButton = canManage && (
    <Button component={Link} to={NEW_OFFICE_PATH}>
      {t("offices.add")}
    </Button>
  );

  return (
    <section aria-labelledby="offices">
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} id="offices" fz="xl" style={{ scrollMarginTop: 80 }}>
          {t("offices.heading")}
        </Title>
        {addButton}
      </Group>
      <RemoteData
        query={query}
        isEmpty={(d) => d.itemCount === 0}
        empty={
          <EmptyState
            message={t("offices.empty")}
            action={
              canManage && (
                <Anchor component={Link} to={NEW_OFFICE_PATH}>
                  {t("offices.addFirst")}
                </Anchor>
              )
            }
          />
        }
      >
        {(data) => (
          <>
            <DataTable caption={t("offices.tableCaption")} captionHidden columns={columns} rows={data.offices} rowKey={(o) => o.id} />
            <Pager page={page} pageCount={data.pageCount} onChange={setPage} label={t("offices.pagerLabel")} />
          </>
        )}
      </RemoteData>
    </section>
  );
}
