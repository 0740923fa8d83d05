import { Group, Text, TextInput } from "@mantine/core";
import { useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../i18n";
import { twoDigits, typedTimePart, wrap } from "./calendar";

export interface TimeValue {
  hour: number;
  minute: number;
}

/**
 * The time picker (spec §5): two-digit hour (0–23) and minute (0–59) fields; the arrow keys step
 * them and wrap at both ends (23 → 00, 00 → 59). While a field has the focus it shows what was typed
 * (reformatting each keystroke turned "15" into "01", issue 23); it shows two digits again on blur.
 */
export function TimePicker({ value, onChange, disabled }: { value: TimeValue | null; onChange: (v: TimeValue | null) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const current = value ?? { hour: 0, minute: 0 };
  const [draft, setDraft] = useState<{ part: keyof TimeValue; text: string } | null>(null);
  const field = (part: keyof TimeValue, size: number) => {
    const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
      const step = e.key === "ArrowUp" ? 1 : e.key === "ArrowDown" ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      setDraft(null);
      onChange({ ...current, [part]: wrap((value ? current[part] : 0) + step, size) });
    };
    return (
      <TextInput
        aria-label={t(`scheduling.time.${part}`)}
        aria-describedby={`${id}-hint`}
        inputMode="numeric"
        maxLength={2}
        w={56}
        disabled={disabled}
        value={draft?.part === part ? draft.text : value ? twoDigits(current[part]) : ""}
        placeholder="--"
        onKeyDown={onKeyDown}
        onBlur={() => setDraft(null)}
        onChange={(e) => {
          const typed = typedTimePart(e.currentTarget.value, size);
          setDraft({ part, text: typed.digits });
          if (typed.digits === "") return onChange(null);
          // A number the field cannot hold (hour 25) waits for a correction; the blur shows the last good one.
          if (typed.value !== null) onChange({ ...current, [part]: typed.value });
        }}
        styles={{ input: { textAlign: "center", fontVariantNumeric: "tabular-nums" } }}
      />
    );
  };
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <Text id={`${id}-label`} size="sm" fw={500} mb={4}>
        {t("scheduling.time.label")}
      </Text>
      <Group gap={4} align="center">
        {field("hour", 24)}
        <Text aria-hidden>:</Text>
        {field("minute", 60)}
      </Group>
      <Text id={`${id}-hint`} size="xs" c="gray.7" mt={4}>
        {t("scheduling.time.hint")}
      </Text>
    </div>
  );
}
