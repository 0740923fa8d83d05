import { useState } from "react";
import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { TestingUserList, TestingUserRow } from "@parlance/contract";
import type { DataColumn } from "../../../ui/DataTable";
import { RecordList, RowActions, useDeleteRecord } from "../lists";
import { editRecordPath, newRecordPath } from "../listPaths";
import { userCatalogs, useDeleteUserMutation, useUserList } from "./queries";

/**
 * The testing users of one level (account: officeId null; or an office), with add, edit and
 * delete. Used on its own page and in the office detail page's Users tab.
 */
export function UsersList({ officeId, headingOrder = 2, titleHidden }: { officeId: number | null; headingOrder?: 2 | 3; titleHidden?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useUserList(officeId, page);
  const { requestDelete, deleting } = useDeleteRecord({
    mutation: useDeleteUserMutation(),
    message: t("settingsLists.users.confirmDelete"),
    successText: (r) => t(r.deactivated ? "settingsLists.users.messages.deactivated" : "settingsLists.users.messages.deleted"),
    catalogs: userCatalogs,
  });

  const columns = (): DataColumn<TestingUserRow>[] => [
    {
      key: "name",
      header: t("settingsLists.users.columns.name"),
      rowHeader: true,
      cell: (u) => (
        <Group gap={6} wrap="nowrap">
          <span>{u.name}</span>
          {u.isSelf && (
            <Badge size="sm" variant="light" color="indigo">
              {t("settingsLists.users.you")}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "email", header: t("settingsLists.users.columns.email"), cell: (u) => <Text size="sm" style={{ wordBreak: "break-all" }}>{u.email}</Text> },
    {
      key: "access",
      header: t("settingsLists.users.columns.accessLevel"),
      cell: (u) => (u.isAdministrator ? t("settingsLists.users.access.administrator") : t("settingsLists.users.access.regular")),
      nowrap: true,
    },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      nowrap: true,
      cell: (u) => (
        <RowActions
          editTo={editRecordPath("users", officeId, u.id)}
          editText={t("ui.edit")}
          editLabel={t("settingsLists.editNamed", { name: u.name })}
          deleteText={t("ui.delete")}
          deleteLabel={t("settingsLists.deleteNamed", { name: u.name })}
          // Nobody deletes themselves (the server refuses too).
          onDelete={u.isSelf ? null : () => requestDelete(u.id)}
          deleting={deleting === u.id}
        />
      ),
    },
  ];

  return (
    <RecordList<TestingUserRow, TestingUserList>
      title={t("settingsLists.users.heading")}
      titleId={officeId === null ? "account-users" : `office-${officeId}-users`}
      headingOrder={headingOrder}
      titleHidden={titleHidden}
      caption={officeId === null ? t("settingsLists.users.captionAccount") : t("settingsLists.users.captionOffice")}
      pagerLabel={t("settingsLists.users.pagerLabel")}
      query={query}
      page={page}
      setPage={setPage}
      rowsOf={(d) => ({ rows: d.users, itemCount: d.itemCount, pageCount: d.pageCount })}
      columns={columns}
      rowKey={(u) => u.id}
      addTo={newRecordPath("users", officeId)}
      addLabel={t("settingsLists.users.add")}
      emptyText={t("settingsLists.users.empty")}
      addFirstLabel={t("settingsLists.users.addFirst")}
    />
  );
}
