import { useState } from "react";
import { NativeSelect, SimpleGrid } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { WEEKDAYS, type Weekday } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { ConflictForm, type ConflictFormProps } from "./ConflictForm";
import { useTimeChoices, weekdayNames } from "./format";

export interface WeeklyValues {
  day: Weekday;
  from_time: string;
  to_time: string;
}

/**
 * A weekly conflict's fields (day, from, to in Eastern Time), inline: in place of a row being edited,
 * or as the new-entry form. Cancel puts back what was there; the parent saves and closes it.
 */
export function WeeklyConflictForm({ title, initial, saving, error, onSave, onCancel }: ConflictFormProps<WeeklyValues>) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const [values, setValues] = useState(initial);
  const times = useTimeChoices(language);
  const days = weekdayNames(language);
  const set = (key: keyof WeeklyValues) => (e: React.ChangeEvent<HTMLSelectElement>) => {
    // Read now: the event's currentTarget is gone by the time React runs the updater.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  return (
    <ConflictForm title={title} error={error} saving={saving} onSubmit={() => onSave(values)} onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect
          label={t("availability.weekly.day")}
          value={values.day}
          onChange={set("day")}
          data={WEEKDAYS.map((d) => ({ value: d, label: days[d] }))}
          // The first field takes the focus when the form opens.
          autoFocus
        />
        <NativeSelect label={t("availability.weekly.from")} value={values.from_time} onChange={set("from_time")} data={times} />
        <NativeSelect label={t("availability.weekly.to")} value={values.to_time} onChange={set("to_time")} data={times} />
      </SimpleGrid>
    </ConflictForm>
  );
}
