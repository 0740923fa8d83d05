import { Anchor, Button, Checkbox, Group, NativeSelect, Text } from "@mantine/core";
import { Link } from "react-router";
import { STAFF_ROLES, STAFF_SEARCH_MAX, type StaffRow } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatDateTime } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { DataTable, type DataColumn } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { useSearchState } from "../../../ui/useSearchState";
import { useStartup } from "../../../ui/startup";
import { SearchBar } from "../SearchBar";
import { NEW_STAFF_PATH, staffPath, useAdminCrumbs } from "../paths";
import { useStaffList } from "./queries";
import { useFilterParam } from "./useFilterParam";
import { StaffStatus } from "./StaffStatus";

/** /admin/staff: the provider's staff users, by name, with their roles; search, filter by role, deactivated ones on request. */
export default function StaffPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const crumbs = useAdminCrumbs();
  const [q, page, setSearch] = useSearchState();
  const [roleParam, setRole] = useFilterParam("role");
  const [inactiveParam, setInactive] = useFilterParam("inactive");
  const role = roleParam !== null && STAFF_ROLES.includes(Number(roleParam)) ? Number(roleParam) : null;
  const includeInactive = inactiveParam === "1";
  const query = useStaffList({ q, page, role, includeInactive });
  const roleNames = (roles: number[]) => roles.map((r) => t(`roles.${r}`)).join(", ");

  const columns: DataColumn<StaffRow>[] = [
    {
      key: "name",
      header: t("backofficeAccounts.people.name"),
      rowHeader: true,
      cell: (u) => (
        <Anchor component={Link} to={staffPath(u.id)}>
          {u.name}
        </Anchor>
      ),
    },
    { key: "email", header: t("backofficeAccounts.people.email"), cell: (u) => <span style={{ overflowWrap: "anywhere" }}>{u.email}</span> },
    { key: "roles", header: t("backofficeStaff.roles"), cell: (u) => roleNames(u.roles) },
    { key: "status", header: t("backofficeAccounts.people.status"), cell: (u) => <StaffStatus user={u} /> },
    { key: "last", header: t("backofficeAccounts.people.lastSignIn"), cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt, language) : t("backofficeAccounts.people.never")) },
  ];

  return (
    <>
      <PageHeader
        title={t("backofficeStaff.title")}
        breadcrumbs={crumbs}
        actions={
          <Button component={Link} to={NEW_STAFF_PATH}>
            {t("backofficeStaff.add")}
          </Button>
        }
      />
      <SearchBar label={t("backofficeStaff.searchLabel")} value={q} maxLength={STAFF_SEARCH_MAX} onSearch={(text) => setSearch(text, 1)} />
      <Group gap="lg" mb="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t("backofficeStaff.roleFilter")}
          value={role === null ? "" : String(role)}
          onChange={(e) => setRole(e.currentTarget.value || null)}
          data={[{ value: "", label: t("backofficeStaff.anyRole") }, ...STAFF_ROLES.map((r) => ({ value: String(r), label: t(`roles.${r}`) }))]}
        />
        <Checkbox label={t("backofficeStaff.includeInactive")} checked={includeInactive} onChange={(e) => setInactive(e.currentTarget.checked ? "1" : null)} mb={8} />
      </Group>
      <RemoteData query={query} isEmpty={(d) => d.itemCount === 0} empty={<EmptyState message={t("backofficeStaff.empty")} />}>
        {(data) => (
          <>
            <Text size="sm" c="gray.7" mb="xs" aria-hidden>
              {t("backofficeStaff.tableCaption", { count: data.itemCount })}
            </Text>
            <DataTable caption={t("backofficeStaff.tableCaption", { count: data.itemCount })} captionHidden columns={columns} rows={data.users} rowKey={(u) => u.id} minWidth={720} />
            <Pager page={page} pageCount={data.pageCount} onChange={(p) => setSearch(q, p)} label={t("backofficeStaff.pagerLabel")} />
          </>
        )}
      </RemoteData>
    </>
  );
}
