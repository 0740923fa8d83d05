import { Group, Radio, Select, Stack } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { ScoreableContent } from "@parlance/contract";
import type { Outcome, ScoringFormState } from "./scoringForm";

interface OutcomeFieldProps {
  content: ScoreableContent;
  state: ScoringFormState;
  update: (change: (s: ScoringFormState) => ScoringFormState) => void;
  reasonError: string | null;
  readOnly: boolean;
}

/** Scored, did not finish, or could not be scored; the two last ones with their reason. */
export function OutcomeField({ content, state, update, reasonError, readOnly }: OutcomeFieldProps) {
  const { t } = useTranslation();
  const reasons = state.outcome === "not_completed" ? content.not_completed_reasons : state.outcome === "could_not_score" ? content.could_not_score_reasons : [];
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t("scoring.outcome.label")}
        value={state.outcome}
        onChange={(v) => update((s) => ({ ...s, outcome: v as Outcome, reason: null }))}
        readOnly={readOnly}
      >
        <Group gap="lg" mt={6} wrap="wrap">
          {(["scored", "not_completed", "could_not_score"] as const).map((o) => (
            <Radio key={o} value={o} label={t(`scoring.outcome.${o}`)} disabled={readOnly && state.outcome !== o} />
          ))}
        </Group>
      </Radio.Group>
      {state.outcome !== "scored" && (
        <Select
          id="reason"
          label={t("scoring.outcome.reason")}
          required
          data={reasons.map((r) => ({ value: r, label: t(`history.reason.${r}`) }))}
          value={state.reason}
          onChange={(v) => update((s) => ({ ...s, reason: v }))}
          error={reasonError || undefined}
          readOnly={readOnly}
          maw={360}
          allowDeselect={false}
        />
      )}
    </Stack>
  );
}
