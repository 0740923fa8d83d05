import type { UseMutationResult } from "@tanstack/react-query";
import { confirmDelete } from "../../../ui/ConfirmDialog";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText, type MessageCatalogs } from "../../../ui/useApiErrorText";

/**
 * Delete with confirmation (spec §2, §4): 'Confirm Delete' with Ok and Cancel, then the delete,
 * then the list reloads (the mutation invalidates it). The outcome is announced as a notification.
 */
export function useDeleteRecord<R>({
  mutation,
  message,
  successText,
  catalogs,
}: {
  mutation: UseMutationResult<R, Error, number>;
  /** The question, e.g. 'Are you sure you want to delete this user?' */
  message: string;
  successText: (result: R) => string;
  catalogs: MessageCatalogs;
}) {
  const errorText = useApiErrorText(catalogs);
  const requestDelete = (id: number) =>
    confirmDelete({
      message,
      onConfirm: () =>
        mutation.mutate(id, {
          onSuccess: (result) => notifyResult(successText(result), true),
          onError: (err) => notifyResult(errorText(err), false),
        }),
    });
  return { requestDelete, deleting: mutation.isPending ? mutation.variables : undefined };
}
