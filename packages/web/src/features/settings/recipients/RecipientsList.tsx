import { useState } from "react";
import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { RecipientList, RecipientRow } from "@parlance/contract";
import type { DataColumn } from "../../../ui/DataTable";
import { RecordList, RowActions, useDeleteRecord } from "../lists";
import { editRecordPath, newRecordPath } from "../listPaths";
import { recipientCatalogs, useDeleteRecipientMutation, useRecipientList } from "./queries";

/**
 * The result recipients of one level (account: officeId null; or an office, with the account's
 * global recipients, read-only for an office administrator), with add, edit and delete. Used on
 * its own page and in the office detail page's Result Recipients tab.
 */
export function RecipientsList({ officeId, headingOrder = 2, titleHidden }: { officeId: number | null; headingOrder?: 2 | 3; titleHidden?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useRecipientList(officeId, page);
  const { requestDelete, deleting } = useDeleteRecord({
    mutation: useDeleteRecipientMutation(),
    message: t("settingsLists.recipients.confirmDelete"),
    successText: () => t("settingsLists.recipients.messages.deleted"),
    catalogs: recipientCatalogs,
  });
  const nameOf = (r: RecipientRow) => r.name || r.email;

  const columns = (): DataColumn<RecipientRow>[] => [
    {
      key: "name",
      header: t("settingsLists.recipients.columns.name"),
      rowHeader: true,
      cell: (r) => (
        <Group gap={6}>
          <span>{r.name || "—"}</span>
          {r.officeId === null && officeId !== null && (
            <Badge size="sm" variant="light" color="gray">
              {t("settingsLists.accountWide")}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "email", header: t("settingsLists.recipients.columns.email"), cell: (r) => <Text size="sm" style={{ wordBreak: "break-all" }}>{r.email || "—"}</Text> },
    { key: "resultType", header: t("settingsLists.recipients.columns.resultType"), cell: (r) => t(`settingsLists.recipients.resultTypes.${r.resultType}`) },
    { key: "global", header: t("settingsLists.columns.global"), cell: (r) => (r.isGlobal ? t("ui.yes") : t("ui.no")), nowrap: true },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      nowrap: true,
      cell: (r) =>
        r.canEdit ? (
          <RowActions
            // An account-level recipient shown in an office list is edited at account level.
            editTo={editRecordPath("resultrecipients", r.officeId, r.id)}
            editText={t("ui.edit")}
            editLabel={t("settingsLists.editNamed", { name: nameOf(r) })}
            deleteText={t("ui.delete")}
            deleteLabel={t("settingsLists.deleteNamed", { name: nameOf(r) })}
            // An account-wide record is deleted from the account level, never from one office's list.
            onDelete={r.officeId === officeId ? () => requestDelete(r.id) : null}
            deleting={deleting === r.id}
          />
        ) : (
          <Text size="sm" c="gray.7">
            {t("settingsLists.readOnly")}
          </Text>
        ),
    },
  ];

  return (
    <RecordList<RecipientRow, RecipientList>
      title={t("settingsLists.recipients.heading")}
      titleId={officeId === null ? "account-recipients" : `office-${officeId}-recipients`}
      headingOrder={headingOrder}
      titleHidden={titleHidden}
      caption={officeId === null ? t("settingsLists.recipients.captionAccount") : t("settingsLists.recipients.captionOffice")}
      pagerLabel={t("settingsLists.recipients.pagerLabel")}
      query={query}
      page={page}
      setPage={setPage}
      rowsOf={(d) => ({ rows: d.recipients, itemCount: d.itemCount, pageCount: d.pageCount })}
      columns={columns}
      rowKey={(r) => r.id}
      addTo={newRecordPath("resultrecipients", officeId)}
      addLabel={t("settingsLists.recipients.add")}
      emptyText={t("settingsLists.recipients.empty")}
      addFirstLabel={t("settingsLists.recipients.addFirst")}
    />
  );
}
