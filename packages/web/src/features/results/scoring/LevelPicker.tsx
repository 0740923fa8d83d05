import { Group, Radio } from "@mantine/core";
import type { ScoreCategory } from "@parlance/contract";

interface LevelPickerProps {
  category: ScoreCategory;
  label: string;
  value: string | null;
  onChange: (levelId: string) => void;
  /** The field key, used as the group's id so a problem can be focused. */
  fieldId: string;
  required?: boolean;
  error?: string | null;
  readOnly?: boolean;
}

/** A category's levels as a labelled radio group: arrow keys move between levels, as for any radio group. */
export function LevelPicker({ category, label, value, onChange, fieldId, required, error, readOnly }: LevelPickerProps) {
  return (
    <Radio.Group id={fieldId} label={label} value={value} onChange={onChange} required={required} error={error || undefined} readOnly={readOnly}>
      <Group gap="md" mt={6} wrap="wrap">
        {category.levels.map((level) => (
          <Radio key={level.id} value={level.id} label={level.display_as} disabled={readOnly && value !== level.id} />
        ))}
      </Group>
    </Radio.Group>
  );
}
