import { Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { availabilityRoutes, NEW_WEEKLY_CONFLICT, type RecurringUnavailability } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { ConflictSection } from "./ConflictSection";
import { WeeklyConflictForm, type WeeklyValues } from "./WeeklyConflictForm";
import { formatTimeOfDay, weekdayNames } from "./format";
import { useConflictChanges, useWeeklyConflicts } from "./queries";

/** Weekly Conflicts (spec §2, §4): every week's unavailable times, in Eastern Time, edited in place. */
export function WeeklyConflicts() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const query = useWeeklyConflicts();
  const changes = useConflictChanges("weekly", { create: availabilityRoutes.recurringCreate, update: availabilityRoutes.recurringUpdate, remove: availabilityRoutes.recurringDelete });
  const days = weekdayNames(language);
  const fresh: WeeklyValues = { ...NEW_WEEKLY_CONFLICT };
  const describe = (c: WeeklyValues) =>
    t("availability.weekly.summary", { day: days[c.day], from: formatTimeOfDay(c.from_time, language), to: formatTimeOfDay(c.to_time, language) });

  return (
    <ConflictSection
      kind="weekly"
      hint={t("availability.weekly.hint")}
      query={query}
      items={(data) => data.recurring_unavailabilities}
      changes={changes}
      fresh={fresh}
      valuesOf={(c: RecurringUnavailability) => c}
      payload={(v) => v}
      describe={describe}
      editTitle={(c) => t("availability.weekly.editTitle", { conflict: describe(c) })}
      renderForm={(props) => <WeeklyConflictForm {...props} />}
    >
      {(c) => (
        <>
          <Text fw={500}>{days[c.day]}</Text>
          <Text size="sm">{t("availability.range", { from: formatTimeOfDay(c.from_time, language), to: formatTimeOfDay(c.to_time, language) })}</Text>
        </>
      )}
    </ConflictSection>
  );
}
