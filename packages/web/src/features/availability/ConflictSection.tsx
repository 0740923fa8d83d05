import { Fragment, useState, type ReactNode } from "react";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "../../i18n";
import { EmptyState } from "../../ui/RemoteData";
import { confirmDelete } from "../../ui/ConfirmDialog";
import { notifyResult } from "../../ui/form";
import { ConflictItem } from "./ConflictItem";
import type { ConflictFormProps } from "./ConflictForm";
import { useFailureText, type ConflictKind } from "./queries";
import { ListLoading, LoadFailed } from "./ListStates";
import { useReturnFocus } from "./useReturnFocus";

type Options = { onSuccess?: () => void; onError?: (err: unknown) => void };
/** What the section uses of a create, update or delete (a react-query mutation). */
interface Change<I> {
  mutate(input: I, options?: Options): void;
  reset(): void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * One kind's list of conflicts (spec §2, §4), edited in place: the heading with Add, the list's
 * loading, failure and empty states, each row with Edit and Delete, and the inline form that stands
 * for a new row or the row being edited. Both kinds work the same; only their fields and wording differ.
 */
export function ConflictSection<T extends { id: number }, V, I, D>({
  kind,
  hint,
  query,
  items,
  changes: { create, update, remove },
  fresh,
  valuesOf,
  payload,
  describe,
  editTitle,
  formKey = (c) => String(c.id),
  renderForm,
  children,
}: {
  kind: ConflictKind;
  hint: string;
  query: UseQueryResult<D>;
  items: (data: D) => T[];
  changes: { create: Change<I>; update: Change<I & { id: number }>; remove: Change<{ id: number }> & { variables?: { id: string | number } } };
  /** A new conflict's starting values. */
  fresh: V;
  valuesOf: (c: T) => V;
  /** The form's values as the API takes them. */
  payload: (v: V) => I;
  /** The conflict in words, for the buttons' names and the delete question. */
  describe: (c: T) => string;
  editTitle: (c: T) => string;
  formKey?: (c: T) => string;
  renderForm: (props: ConflictFormProps<V>) => ReactNode;
  /** A row's content in view mode. */
  children: (c: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const returnFocus = useReturnFocus();
  /** The row being edited, "new" for the new-entry form, or none. */
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const addId = `${kind}-conflict-add`;
  const editId = (id: number) => `${kind}-conflict-edit-${id}`;
  const titleId = `${kind}-conflicts-title`;

  const open = (target: number | "new") => {
    create.reset();
    update.reset();
    setEditing(target);
  };
  const close = (focusId: string) => {
    setEditing(null);
    returnFocus(focusId);
  };
  const askDelete = (c: T) =>
    confirmDelete({
      message: t(`availability.${kind}.confirmDelete`, { conflict: describe(c) }),
      onConfirm: () => remove.mutate({ id: c.id }, { onError: (err) => notifyResult(failureText(err, `${kind}NotDeleted`), false) }),
    });

  const newForm =
    editing === "new" &&
    renderForm({
      title: t(`availability.${kind}.newTitle`),
      initial: fresh,
      saving: create.isPending,
      error: create.isError ? failureText(create.error, `${kind}NotCreated`) : null,
      onSave: (v) => create.mutate(payload(v), { onSuccess: () => close(addId) }),
      onCancel: () => close(addId),
    });

  // Past loading, a list with no data is one that failed (a failed reload keeps the data it had).
  const list = query.data && items(query.data);
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} id={titleId} fz="h3">
            {t(`availability.${kind}.title`)}
          </Title>
          <Text size="sm" c="gray.7">
            {hint}
          </Text>
        </div>
        {editing !== "new" && (
          <Button id={addId} size="sm" variant="light" onClick={() => open("new")}>
            {t(`availability.${kind}.add`)}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <ListLoading />
      ) : !list ? (
        <LoadFailed message={failureText(query.error, `${kind}NotLoaded`)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : list.length === 0 && !newForm ? (
        <EmptyState message={t(`availability.${kind}.empty`)} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={t(`availability.${kind}.title`)}>
          {newForm}
          {list.map((c) =>
            editing === c.id ? (
              <Fragment key={formKey(c)}>
                {renderForm({
                  title: editTitle(c),
                  initial: valuesOf(c),
                  saving: update.isPending,
                  error: update.isError ? failureText(update.error, `${kind}NotUpdated`) : null,
                  onSave: (v) => update.mutate({ id: c.id, ...payload(v) }, { onSuccess: () => close(editId(c.id)) }),
                  onCancel: () => close(editId(c.id)),
                })}
              </Fragment>
            ) : (
              <ConflictItem key={c.id} description={describe(c)} editId={editId(c.id)} onEdit={() => open(c.id)} onDelete={() => askDelete(c)} deleting={remove.isPending && remove.variables?.id === c.id}>
                {children(c)}
              </ConflictItem>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
