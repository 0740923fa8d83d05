import { Group, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { countWords, ITEM_KINDS, TEXT_FIELD_MAX, TEXT_FIELD_SIZE, type ItemView, type TestContentView } from "@parlance/contract";
import { QuestionLabel } from "./QuestionLabel";
import { answerDir } from "./itemStyle";
import type { AnswerProps } from "./answerProps";

/** Spec §5: "textarea height about 80 units". */
const TEXTAREA_MIN_HEIGHT = 80;

/**
 * The four written answers (spec §3): short text (max 255, with its minimum word count), sized
 * text (a set width), textarea (running word count and word limit when the target language shows
 * them; Chinese counts characters) and the fixed-size textarea (rows).
 */
export function TextAnswer({ item, content, value, onChange }: { item: ItemView; content: TestContentView } & AnswerProps) {
  const { t } = useTranslation();
  const dir = answerDir(content, item);
  const words = countWords(value);
  const minimum = item.item_type_id === ITEM_KINDS.short_text ? (item.minimum_words ?? content.minimum_response) : null;
  const showCount = Boolean(content.target_language?.show_word_count);
  const common = {
    label: <QuestionLabel item={item} />,
    value,
    dir,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.currentTarget.value),
    styles: { label: { fontSize: "inherit", lineHeight: "inherit", marginBottom: 6 }, input: { fontSize: "inherit", lineHeight: "inherit" } },
    // Spell checkers and autocorrect would answer for the candidate in a language test.
    spellCheck: false,
    autoComplete: "off",
    autoCorrect: "off",
    autoCapitalize: "off",
  } as const;

  if (item.item_type_id === ITEM_KINDS.short_text || item.item_type_id === ITEM_KINDS.sized_text) {
    const max = Math.min(item.max_length ?? TEXT_FIELD_MAX, TEXT_FIELD_MAX);
    const size = item.item_type_id === ITEM_KINDS.sized_text ? (item.size ?? TEXT_FIELD_SIZE) : null;
    return (
      <TextInput
        {...common}
        maxLength={max}
        size="md"
        description={minimum ? `${t("takingFlow.items.minimumWords", { count: minimum })} ${t("takingFlow.items.words", { count: words })}` : undefined}
        // A sized field is as wide as its characters (and never wider than the screen).
        style={size ? { maxWidth: "100%" } : undefined}
        w={size ? `calc(${size}ch + 28px)` : undefined}
        maw={size ? "100%" : 640}
      />
    );
  }

  const limit = item.word_limit;
  const count = showCount ? (
    <Group gap="sm" mt={4} justify="flex-end">
      <Text size="sm" c={limit && words > limit ? "red.8" : "gray.7"}>
        {limit ? t("takingFlow.items.wordsOfLimit", { count: words, limit }) : t("takingFlow.items.words", { count: words })}
      </Text>
      {limit && words > limit && (
        <Text size="sm" c="red.8">
          {t("takingFlow.items.overLimit", { limit })}
        </Text>
      )}
    </Group>
  ) : null;

  if (item.item_type_id === ITEM_KINDS.fixed_textarea) {
    return (
      <div>
        <Textarea {...common} rows={item.rows ?? 8} resize="none" styles={{ ...common.styles, input: { ...common.styles.input, overflowY: "auto" } }} />
        {count}
      </div>
    );
  }
  return (
    <div>
      <Textarea {...common} autosize minRows={4} maxRows={20} styles={{ ...common.styles, input: { ...common.styles.input, minHeight: TEXTAREA_MIN_HEIGHT } }} />
      {count}
    </div>
  );
}
