import { useTranslation } from "../../../i18n";
import { confirmDelete } from "../../../ui/ConfirmDialog";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { officeCatalogs, useDeleteOfficeMutation } from "../queries";

/**
 * Delete with confirmation (spec §4): confirm, delete, reload. The server's answer (done, or
 * refused because of history) is shown as a notification.
 */
export function useDeleteOffice({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(officeCatalogs);
  const mutation = useDeleteOfficeMutation();

  const requestDelete = (office: { id: number }) =>
    confirmDelete({
      message: t("offices.confirmDelete"),
      onConfirm: () =>
        mutation.mutate(office.id, {
          onSuccess: () => {
            notifyResult(t("offices.messages.deleted"), true);
            onDeleted?.();
          },
          onError: (err) => notifyResult(errorText(err), false),
        }),
    });

  return { requestDelete, deleting: mutation.isPending ? mutation.variables : undefined };
}
