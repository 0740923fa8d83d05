import { Radio, Stack } from "@mantine/core";
import type { ItemView } from "@parlance/contract";
import { QuestionLabel } from "./QuestionLabel";
import type { AnswerProps } from "./answerProps";

/** Radio choices: one answer, chosen by click or arrow keys. */
export function ChoiceAnswer({ item, value, onChange }: { item: ItemView } & AnswerProps) {
  return (
    <Radio.Group value={value || null} onChange={onChange} label={<QuestionLabel item={item} />} styles={{ label: { fontSize: "inherit", lineHeight: "inherit", marginBottom: 8 } }}>
      <Stack gap="xs" mt={4}>
        {(item.choices ?? []).map((c) => (
          <Radio key={c.id} value={c.id} label={c.label} size="md" styles={{ label: { lineHeight: 1.45 } }} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
