import { useState } from "react";
import { Checkbox, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { specMessages } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { ConflictForm, type ConflictFormProps } from "./ConflictForm";
import { useTimeChoices } from "./format";
import { instantOf, isoWithOffset, wallClockOf, type WallClock } from "./zonedTime";

/** An individual conflict as the form holds it: wall clocks in the shown zone. */
export interface IndividualValues {
  from: WallClock;
  to: WallClock;
  partial: boolean;
}

/** A stored conflict's instants as wall clocks in `zone`. */
export const individualValues = (c: { from: string; to: string; partial: boolean }, zone: string): IndividualValues => ({
  from: wallClockOf(c.from, zone),
  to: wallClockOf(c.to, zone),
  partial: c.partial,
});

/** The form's values as the API takes them: ISO 8601 with the zone's offset. */
export const individualPayload = (v: IndividualValues, zone: string) => ({
  from: isoWithOffset(instantOf(v.from, zone), zone),
  to: isoWithOffset(instantOf(v.to, zone), zone),
  partial: v.partial,
});

/**
 * An individual conflict's fields, inline: from and to (date and time in the shown zone) and
 * whether IVR and online tests remain possible (partial). Dates are native date fields: the
 * keyboard, screen readers and phones handle them as the platform does.
 */
export function IndividualConflictForm({ title, zoneLabel, initial, saving, error, onSave, onCancel }: ConflictFormProps<IndividualValues> & { zoneLabel: string }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const times = useTimeChoices(language);
  const [values, setValues] = useState(initial);
  const [missing, setMissing] = useState(false);
  const setPart = (end: "from" | "to", part: keyof WallClock) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [end]: { ...v[end], [part]: value } }));
  };
  const submit = () => {
    // Spec §5: saving with a required field missing says so, and sends nothing.
    const blank = !values.from.date || !values.to.date;
    setMissing(blank);
    if (!blank) onSave(values);
  };
  const shown = missing ? t("specMessages.requiredFieldMissing", { defaultValue: specMessages.requiredFieldMissing }) : error;
  return (
    <ConflictForm title={title} subtitle={t("availability.individual.inZone", { zone: zoneLabel })} error={shown} saving={saving} onSubmit={submit} onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput type="date" label={t("availability.individual.fromDate")} value={values.from.date} onChange={setPart("from", "date")} required autoFocus />
        <NativeSelect label={t("availability.individual.fromTime")} value={values.from.time} onChange={setPart("from", "time")} data={times} />
        <TextInput type="date" label={t("availability.individual.toDate")} value={values.to.date} onChange={setPart("to", "date")} required />
        <NativeSelect label={t("availability.individual.toTime")} value={values.to.time} onChange={setPart("to", "time")} data={times} />
      </SimpleGrid>
      <Checkbox
        label={t("availability.individual.partial")}
        description={t("availability.individual.partialHint")}
        checked={values.partial}
        onChange={(e) => {
          const partial = e.currentTarget.checked;
          setValues((v) => ({ ...v, partial }));
        }}
      />
    </ConflictForm>
  );
}
