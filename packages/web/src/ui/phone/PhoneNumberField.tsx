import { Group, TextInput } from "@mantine/core";
import { PHONE_NUMBER_MAX } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { CountryPicker } from "./CountryPicker";

export interface PhoneNumberValue {
  iso: string;
  number: string;
}

/** A phone number with its country: the picker and the number side by side (stacked on a phone). */
export function PhoneNumberField({ value, onChange, error, idPrefix }: { value: PhoneNumberValue; onChange: (v: PhoneNumberValue) => void; error?: string | null; idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <CountryPicker id={`${idPrefix}-country`} value={value.iso} onChange={(iso) => onChange({ ...value, iso })} />
      <TextInput
        id={`${idPrefix}-number`}
        label={t("phoneCallLink.form.number")}
        description={t("phoneCallLink.form.numberHint")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={PHONE_NUMBER_MAX}
        value={value.number}
        onChange={(e) => onChange({ ...value, number: e.currentTarget.value })}
        error={error ?? undefined}
        style={{ flex: "1 1 200px" }}
      />
    </Group>
  );
}
