import { useState } from "react";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { availabilityRoutes, NEW_WEEKLY_CONFLICT, type RecurringUnavailability } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { EmptyState } from "../../ui/RemoteData";
import { confirmDelete } from "../../ui/ConfirmDialog";
import { notifyResult } from "../../ui/form";
import { ConflictItem } from "./ConflictItem";
import { WeeklyConflictForm, type WeeklyValues } from "./WeeklyConflictForm";
import { formatTimeOfDay, weekdayNames } from "./format";
import { availabilityKeys, useConflictChange, useFailureText, useWeeklyConflicts } from "./queries";
import { ListLoading, LoadFailed } from "./ListStates";
import { useReturnFocus } from "./useReturnFocus";

const ADD_ID = "weekly-conflict-add";
const editId = (id: number) => `weekly-conflict-edit-${id}`;

/** Weekly Conflicts (spec §2, §4): every week's unavailable times, in Eastern Time, edited in place. */
export function WeeklyConflicts() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const query = useWeeklyConflicts();
  const failureText = useFailureText();
  const returnFocus = useReturnFocus();
  /** The row being edited, "new" for the new-entry form, or none. */
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const create = useConflictChange(availabilityRoutes.recurringCreate, availabilityKeys.weekly, "weeklyCreated");
  const update = useConflictChange(availabilityRoutes.recurringUpdate, availabilityKeys.weekly, "weeklyUpdated");
  const remove = useConflictChange(availabilityRoutes.recurringDelete, availabilityKeys.weekly, "weeklyDeleted");
  const days = weekdayNames(language);

  const describe = (c: WeeklyValues) =>
    t("availability.weekly.summary", { day: days[c.day], from: formatTimeOfDay(c.from_time, language), to: formatTimeOfDay(c.to_time, language) });
  const open = (target: number | "new") => {
    create.reset();
    update.reset();
    setEditing(target);
  };
  const close = (focusId: string) => {
    setEditing(null);
    returnFocus(focusId);
  };
  const askDelete = (c: RecurringUnavailability) =>
    confirmDelete({
      message: t("availability.weekly.confirmDelete", { conflict: describe(c) }),
      onConfirm: () => remove.mutate({ id: c.id }, { onError: (err) => notifyResult(failureText(err, "weeklyNotDeleted"), false) }),
    });

  const newForm = editing === "new" && (
    <WeeklyConflictForm
      title={t("availability.weekly.newTitle")}
      initial={{ ...NEW_WEEKLY_CONFLICT }}
      saving={create.isPending}
      error={create.isError ? failureText(create.error, "weeklyNotCreated") : null}
      onSave={(v) => create.mutate(v, { onSuccess: () => close(ADD_ID) })}
      onCancel={() => close(ADD_ID)}
    />
  );

  return (
    <Stack component="section" gap="sm" aria-labelledby="weekly-conflicts-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} id="weekly-conflicts-title" fz="h3">
            {t("availability.weekly.title")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("availability.weekly.hint")}
          </Text>
        </div>
        {editing !== "new" && (
          <Button id={ADD_ID} size="sm" variant="light" onClick={() => open("new")}>
            {t("availability.weekly.add")}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <ListLoading />
      ) : query.isError && !query.data ? (
        <LoadFailed message={failureText(query.error, "weeklyNotLoaded")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.recurring_unavailabilities.length === 0 && !newForm ? (
        <EmptyState message={t("availability.weekly.empty")} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("availability.weekly.title")}>
          {newForm}
          {query.data.recurring_unavailabilities.map((c) =>
            editing === c.id ? (
              <WeeklyConflictForm
                key={c.id}
                title={t("availability.weekly.editTitle", { conflict: describe(c) })}
                initial={c}
                saving={update.isPending}
                error={update.isError ? failureText(update.error, "weeklyNotUpdated") : null}
                onSave={(v) => update.mutate({ id: c.id, ...v }, { onSuccess: () => close(editId(c.id)) })}
                onCancel={() => close(editId(c.id))}
              />
            ) : (
              <ConflictItem key={c.id} description={describe(c)} editId={editId(c.id)} onEdit={() => open(c.id)} onDelete={() => askDelete(c)} deleting={remove.isPending && remove.variables?.id === c.id}>
                <Text fw={500}>{days[c.day]}</Text>
                <Text size="sm">{t("availability.range", { from: formatTimeOfDay(c.from_time, language), to: formatTimeOfDay(c.to_time, language) })}</Text>
              </ConflictItem>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}

