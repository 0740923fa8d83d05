import { useState } from "react";
import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { TestGroupList, TestGroupRow } from "@parlance/contract";
import type { DataColumn } from "../../../ui/DataTable";
import { RecordList, RowActions, useDeleteRecord } from "../lists";
import { editRecordPath, newRecordPath } from "../listPaths";
import { testGroupCatalogs, useDeleteTestGroupMutation, useTestGroupList } from "./queries";

/**
 * The test groups of one level (account: officeId null; or an office, with the account's global
 * groups, read-only for an office administrator), with add, edit and delete. Used on its own page
 * and in the office detail page's Test Groups tab.
 */
export function TestGroupsList({ officeId, headingOrder = 2, titleHidden }: { officeId: number | null; headingOrder?: 2 | 3; titleHidden?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useTestGroupList(officeId, page);
  const { requestDelete, deleting } = useDeleteRecord({
    mutation: useDeleteTestGroupMutation(),
    message: t("settingsLists.packages.confirmDelete"),
    successText: () => t("settingsLists.packages.messages.deleted"),
    catalogs: testGroupCatalogs,
  });

  const columns = (): DataColumn<TestGroupRow>[] => [
    {
      key: "description",
      header: t("settingsLists.packages.columns.description"),
      rowHeader: true,
      cell: (g) => (
        <Group gap={6}>
          <span>{g.description}</span>
          {g.officeId === null && officeId !== null && (
            <Badge size="sm" variant="light" color="gray">
              {t("settingsLists.accountWide")}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: "tests",
      header: t("settingsLists.packages.columns.tests"),
      cell: (g) => (
        <Text size="sm" component="ul" m={0} pl="md">
          {g.accountTests.map((test) => (
            <li key={test.id}>{test.description}</li>
          ))}
        </Text>
      ),
    },
    { key: "global", header: t("settingsLists.columns.global"), cell: (g) => (g.isGlobal ? t("ui.yes") : t("ui.no")), nowrap: true },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      nowrap: true,
      cell: (g) =>
        g.canEdit ? (
          <RowActions
            // An account-level group shown in an office list is edited at account level.
            editTo={editRecordPath("packages", g.officeId, g.id)}
            editText={t("ui.edit")}
            editLabel={t("settingsLists.editNamed", { name: g.description })}
            deleteText={t("ui.delete")}
            deleteLabel={t("settingsLists.deleteNamed", { name: g.description })}
            // An account-wide record is deleted from the account level, never from one office's list.
            onDelete={g.officeId === officeId ? () => requestDelete(g.id) : null}
            deleting={deleting === g.id}
          />
        ) : (
          <Text size="sm" c="gray.7">
            {t("settingsLists.readOnly")}
          </Text>
        ),
    },
  ];

  return (
    <RecordList<TestGroupRow, TestGroupList>
      title={t("settingsLists.packages.heading")}
      titleId={officeId === null ? "account-packages" : `office-${officeId}-packages`}
      headingOrder={headingOrder}
      titleHidden={titleHidden}
      caption={officeId === null ? t("settingsLists.packages.captionAccount") : t("settingsLists.packages.captionOffice")}
      pagerLabel={t("settingsLists.packages.pagerLabel")}
      query={query}
      page={page}
      setPage={setPage}
      rowsOf={(d) => ({ rows: d.groups, itemCount: d.itemCount, pageCount: d.pageCount })}
      columns={columns}
      rowKey={(g) => g.id}
      addTo={newRecordPath("packages", officeId)}
      addLabel={t("settingsLists.packages.add")}
      emptyText={t("settingsLists.packages.empty")}
      addFirstLabel={t("settingsLists.packages.addFirst")}
    />
  );
}
