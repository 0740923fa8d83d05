import { useState } from "react";
import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { availabilityRoutes, DATE_TIME_STYLE, INTL_LOCALE, type SpecificUnavailability } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { EmptyState } from "../../ui/RemoteData";
import { confirmDelete } from "../../ui/ConfirmDialog";
import { notifyResult } from "../../ui/form";
import { ConflictItem } from "./ConflictItem";
import { IndividualConflictForm, individualPayload, individualValues, type IndividualValues } from "./IndividualConflictForm";
import { availabilityKeys, useConflictChange, useFailureText, useIndividualConflicts } from "./queries";
import { ListLoading, LoadFailed } from "./ListStates";
import { useReturnFocus } from "./useReturnFocus";
import { addDays, wallClockOf } from "./zonedTime";

const ADD_ID = "individual-conflict-add";
const editId = (id: number) => `individual-conflict-edit-${id}`;

/**
 * Individual Conflicts (spec §2, §4): one-off unavailable periods, shown and entered in the zone the
 * person picked (a change of zone re-displays them; what is stored is the instant).
 */
export function IndividualConflicts({ zone, zoneLabel }: { zone: string; zoneLabel: string }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const query = useIndividualConflicts();
  const failureText = useFailureText();
  const returnFocus = useReturnFocus();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const create = useConflictChange(availabilityRoutes.specificCreate, availabilityKeys.individual, "individualCreated");
  const update = useConflictChange(availabilityRoutes.specificUpdate, availabilityKeys.individual, "individualUpdated");
  const remove = useConflictChange(availabilityRoutes.specificDelete, availabilityKeys.individual, "individualDeleted");

  // The shared date-time style; a range on one day names the day once ("Mar 10, 2026, 9:00 AM – 12:00 PM").
  const range = (c: { from: string; to: string }) =>
    new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_TIME_STYLE, timeZone: zone }).formatRange(new Date(c.from), new Date(c.to));
  const kind = (partial: boolean) => t(partial ? "availability.individual.partialShort" : "availability.individual.notAvailable");
  const describe = (c: SpecificUnavailability) => `${range(c)} (${kind(c.partial)})`;
  // A new conflict starts as tomorrow's working day in the shown zone (spec §3 gives no default).
  const tomorrow = addDays(wallClockOf(new Date(), zone).date, 1);
  const fresh: IndividualValues = { from: { date: tomorrow, time: "08:00:00" }, to: { date: tomorrow, time: "18:00:00" }, partial: false };

  const open = (target: number | "new") => {
    create.reset();
    update.reset();
    setEditing(target);
  };
  const close = (focusId: string) => {
    setEditing(null);
    returnFocus(focusId);
  };
  const askDelete = (c: SpecificUnavailability) =>
    confirmDelete({
      message: t("availability.individual.confirmDelete", { conflict: describe(c) }),
      onConfirm: () => remove.mutate({ id: c.id }, { onError: (err) => notifyResult(failureText(err, "individualNotDeleted"), false) }),
    });

  const newForm = editing === "new" && (
    <IndividualConflictForm
      title={t("availability.individual.newTitle")}
      zoneLabel={zoneLabel}
      initial={fresh}
      saving={create.isPending}
      error={create.isError ? failureText(create.error, "individualNotCreated") : null}
      onSave={(v) => create.mutate(individualPayload(v, zone), { onSuccess: () => close(ADD_ID) })}
      onCancel={() => close(ADD_ID)}
    />
  );

  return (
    <Stack component="section" gap="sm" aria-labelledby="individual-conflicts-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} id="individual-conflicts-title" fz="h3">
            {t("availability.individual.title")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("availability.individual.hint", { zone: zoneLabel })}
          </Text>
        </div>
        {editing !== "new" && (
          <Button id={ADD_ID} size="sm" variant="light" onClick={() => open("new")}>
            {t("availability.individual.add")}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <ListLoading />
      ) : query.isError && !query.data ? (
        <LoadFailed message={failureText(query.error, "individualNotLoaded")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.specific_unavailabilities.length === 0 && !newForm ? (
        <EmptyState message={t("availability.individual.empty")} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("availability.individual.title")}>
          {newForm}
          {query.data.specific_unavailabilities.map((c) =>
            editing === c.id ? (
              <IndividualConflictForm
                // A change of zone while editing starts the fields again in the new zone.
                key={`${c.id}-${zone}`}
                title={t("availability.individual.editTitle", { conflict: range(c) })}
                zoneLabel={zoneLabel}
                initial={individualValues(c, zone)}
                saving={update.isPending}
                error={update.isError ? failureText(update.error, "individualNotUpdated") : null}
                onSave={(v) => update.mutate({ id: c.id, ...individualPayload(v, zone) }, { onSuccess: () => close(editId(c.id)) })}
                onCancel={() => close(editId(c.id))}
              />
            ) : (
              <ConflictItem key={c.id} description={describe(c)} editId={editId(c.id)} onEdit={() => open(c.id)} onDelete={() => askDelete(c)} deleting={remove.isPending && remove.variables?.id === c.id}>
                <Text fw={500}>{range(c)}</Text>
                <div>
                  {/* Dark text on a light tint: readable (WCAG AA) in both kinds. */}
                  <Badge variant="light" color={c.partial ? "indigo" : "red"} c={c.partial ? "indigo.9" : "red.9"} radius="sm">
                    {kind(c.partial)}
                  </Badge>
                </div>
              </ConflictItem>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
