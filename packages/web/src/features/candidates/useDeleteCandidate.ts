import { useTranslation } from "../../i18n";
import { confirmDelete } from "../../ui/ConfirmDialog";
import { notifyResult } from "../../ui/form";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { candidateCatalogs, useDeleteCandidateMutation } from "./queries";

/**
 * Delete with confirmation (spec §2, §4): 'Confirm Delete', 'Are you sure you want to delete this
 * candidate?', then delete and reload. The outcome ('The candidate was successfully deleted', or
 * the refusal while a test is in progress) shows as a notification.
 */
export function useDeleteCandidate({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(candidateCatalogs);
  const mutation = useDeleteCandidateMutation();

  const requestDelete = (candidate: { id: number }) =>
    confirmDelete({
      message: t("candidates.confirmDelete"),
      onConfirm: () =>
        mutation.mutate(candidate.id, {
          onSuccess: () => {
            notifyResult(t("candidates.messages.deleted"), true);
            onDeleted?.();
          },
          onError: (err) => notifyResult(errorText(err), false),
        }),
    });

  return { requestDelete, deleting: mutation.isPending ? mutation.variables : undefined };
}
