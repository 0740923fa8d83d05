import { Checkbox, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { ScoreableContent } from "@parlance/contract";
import { ItemReview } from "./ItemReview";
import { LevelPicker } from "./LevelPicker";
import { sectionCategoryKey, type ScoringFormState } from "./scoringForm";

type Section = ScoreableContent["sections"][number];

interface SectionPanelProps {
  testId: number;
  /** The content's language (its items and responses; the form around them is the interface's). */
  lang: string;
  section: Section;
  state: ScoringFormState;
  update: (change: (s: ScoringFormState) => ScoringFormState) => void;
  invalid: ReadonlySet<string>;
  errorText: string | null;
  readOnly: boolean;
}

/** One section: skip it (optional sections), its items, and its own categories' levels. */
export function SectionPanel({ testId, lang, section, state, update, invalid, errorText, readOnly }: SectionPanelProps) {
  const { t } = useTranslation();
  const headingId = `section-${section.id}`;
  const skipped = Boolean(state.skipped[section.id]);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p={{ base: "sm", sm: "lg" }} radius="md">
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId} dir="auto" tabIndex={-1}>
          {section.section_name || t("scoring.section.untitled", { number: section.position })}
        </Title>
        {section.optional && (
          <Checkbox
            label={t("scoring.section.skipped")}
            description={t("scoring.section.skippedHint")}
            checked={skipped}
            disabled={readOnly}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              update((s) => ({ ...s, skipped: { ...s.skipped, [section.id]: checked } }));
            }}
          />
        )}
        {skipped ? (
          <Text size="sm" c="gray.7">
            {t("scoring.section.skippedNote")}
          </Text>
        ) : (
          <>
            {/* A heading item repeating the section's name is already the section's heading. */}
            {section.items.filter((item) => !(item.kind === "heading" && (item.heading_text ?? item.item_text) === section.section_name)).map((item) => (
              <ItemReview
                key={item.id}
                testId={testId}
                lang={lang}
                item={item}
                state={state}
                invalid={invalid}
                errorText={errorText}
                readOnly={readOnly}
                setObjective={(key, v) => update((s) => ({ ...s, objectives: { ...s.objectives, [key]: v } }))}
                setScoringItem={(id, checked) => update((s) => ({ ...s, scoringItems: { ...s.scoringItems, [id]: checked } }))}
              />
            ))}
            {section.categories.map((c) => {
              const key = sectionCategoryKey(section.id, c.id);
              const field = `section:${key}`;
              return (
                <LevelPicker
                  key={c.id}
                  fieldId={field}
                  category={c}
                  label={t("scoring.section.categoryLabel", { category: c.name, section: section.section_name || section.position })}
                  value={state.sectionCategories[key]}
                  onChange={(v) => update((s) => ({ ...s, sectionCategories: { ...s.sectionCategories, [key]: v } }))}
                  error={invalid.has(field) ? errorText : null}
                  readOnly={readOnly}
                />
              );
            })}
          </>
        )}
      </Stack>
    </Paper>
  );
}
