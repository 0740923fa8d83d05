import { Group, Select, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { useStartup } from "../startup";
import { useCountryOptions } from "./countries";
import { Flag } from "./Flag";

/** The dropdown is at most this high (spec §2): some eight countries show at once. */
export const COUNTRY_DROPDOWN_MAX_HEIGHT = 250;

/**
 * The country of a phone number (spec §2): every country with its flag and calling code, named in
 * the interface language; arrow keys move, Enter chooses, Escape closes, typing narrows the list.
 */
export function CountryPicker({ value, onChange, id }: { value: string; onChange: (iso: string) => void; id?: string }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const options = useCountryOptions(language);
  return (
    <Select
      id={id}
      label={t("phoneCallLink.form.country")}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      searchable
      // The listbox scrolls itself (ui/theme.ts), so its height is set on it.
      styles={{ options: { maxHeight: COUNTRY_DROPDOWN_MAX_HEIGHT } }}
      leftSection={<Flag iso={value} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Flag iso={option.value} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      nothingFoundMessage={t("phoneCallLink.form.noCountry")}
      comboboxProps={{ withinPortal: true }}
      w={{ base: "100%", sm: 260 }}
    />
  );
}
