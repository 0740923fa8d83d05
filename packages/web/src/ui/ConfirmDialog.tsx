import { Text } from "@mantine/core";
import { openConfirm } from "./modals";
import { i18n } from "../i18n";

/**
 * The delete confirmation of the specs: a dialog titled 'Confirm Delete' with Ok and Cancel.
 * Cancel has the focus, so Enter on an accidental Delete click deletes nothing.
 */
export function confirmDelete({ message, onConfirm, onCancel }: { message: string; onConfirm: () => void; onCancel?: () => void }) {
  const t = i18n.t;
  openConfirm({
    title: t("ui.confirmDelete.title"),
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: t("ui.ok"), cancel: t("ui.cancel") },
    confirmProps: { color: "red" },
    cancelProps: { "data-autofocus": true },
    closeButtonProps: { "aria-label": t("ui.close") },
    centered: true,
    size: "md",
    onConfirm,
    onCancel,
  });
}
