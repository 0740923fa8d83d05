import { useState, type FormEvent } from "react";
import { Checkbox, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { openConfirm } from "../../../ui/modals";
import { useTranslation } from "../../../i18n";
import { useNavigate } from "react-router";
import type { ScoreableContent } from "@parlance/contract";
import { ApiCallError } from "../../../api/client";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { LevelPicker } from "./LevelPicker";
import { OutcomeField } from "./OutcomeField";
import { SCORING_LIST_PATH } from "./paths";
import { scoringCatalogs, useSubmitResults } from "./queries";
import { buildSubmission, findProblem, initialState, submitLabelKey, type ScoringFormState } from "./scoringForm";
import { SectionPanel } from "./SectionPanel";
import { HeldEvents } from "./HeldEvents";
import { ScoringBar } from "./ScoringBar";
import classes from "./ScoringForm.module.css";

/** Focuses the first field a problem names (its first radio, checkbox or input), so the keyboard is there too. */
function focusField(field: string) {
  const el = document.getElementById(field);
  const target = el?.matches("input, textarea") ? el : el?.querySelector<HTMLElement>("input:checked, input, textarea");
  el?.scrollIntoView({ block: "center" });
  target?.focus({ preventScroll: true });
}

/**
 * The scoring form (spec §3–§4): the outcome, every section with its items and levels, the test's
 * categories (the final one is the ALTA level), recommendations and comments; Save Results or Add
 * Results after a confirmation. Read-only once the result is recorded.
 */
export function ScoringForm({ content, readOnly }: { content: ScoreableContent; readOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<ScoringFormState>(() => initialState(content));
  const [problem, setProblem] = useState<ReturnType<typeof findProblem>>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useSubmitResults(content.id);
  const errorText = useApiErrorText(scoringCatalogs);

  const update = (change: (s: ScoringFormState) => ScoringFormState) => {
    const next = change(state);
    setState(next);
    // Once a problem is shown it follows the form, so it disappears as the fields are filled in.
    if (problem) setProblem(findProblem(content, next));
  };
  const invalid = new Set(problem?.fields ?? []);
  const problemText = problem ? t(`scoring.messages.${problem.message}`) : null;

  const send = () => {
    setFailure(null);
    submit.mutate(buildSubmission(content, state), {
      onSuccess: () => {
        notifyResult(t("scoring.messages.submitted"), true);
        void navigate(SCORING_LIST_PATH);
      },
      onError: (err) => setFailure(err instanceof ApiCallError && err.status >= 400 && err.status < 500 ? errorText(err) : t("scoring.messages.submitFailure")),
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = findProblem(content, state);
    setProblem(found);
    if (found) {
      focusField(found.fields[0]);
      return;
    }
    openConfirm({
      title: t("scoring.confirm.title"),
      children: <Text size="sm">{t("scoring.confirm.text")}</Text>,
      labels: { confirm: t(submitLabelKey(content)), cancel: t("ui.cancel") },
      cancelProps: { "data-autofocus": true },
      closeButtonProps: { "aria-label": t("ui.close") },
      centered: true,
      onConfirm: send,
    });
  };

  const scored = state.outcome === "scored";
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("scoring.edit.formLabel")} className={classes.form}>
      <Stack gap="lg">
        {content.sections.map((section) => (
          <SectionPanel key={section.id} testId={content.id} lang={content.language_code} section={section} state={state} update={update} invalid={invalid} errorText={problemText} readOnly={readOnly} />
        ))}

        <HeldEvents events={content.held_events ?? []} lang={content.language_code} />
        <Paper component="section" aria-labelledby="result-heading" withBorder p={{ base: "sm", sm: "lg" }} radius="md">
          <Stack gap="md">
            <Title order={2} size="h3" id="result-heading" tabIndex={-1}>
              {t("scoring.edit.resultHeading")}
            </Title>
            <OutcomeField content={content} state={state} update={update} reasonError={invalid.has("reason") ? problemText : null} readOnly={readOnly} />
            {scored &&
              content.categories.map((c) => (
                <LevelPicker
                  key={c.id}
                  fieldId={`category:${c.id}`}
                  category={c}
                  label={c.final ? t("scoring.edit.finalLevel", { category: c.name }) : c.name}
                  required={c.final}
                  value={state.categories[c.id]}
                  onChange={(v) => update((s) => ({ ...s, categories: { ...s.categories, [c.id]: v } }))}
                  error={invalid.has(`category:${c.id}`) ? problemText : null}
                  readOnly={readOnly}
                />
              ))}
            {content.recommendations.length > 0 && (
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" size="sm" fw={500} mb={6}>
                  {t("scoring.edit.recommendations")}
                </Text>
                <Stack gap={6}>
                  {content.recommendations.map((r) => (
                    <Checkbox
                      key={r.id}
                      label={r.text}
                      checked={Boolean(state.recommendations[r.id])}
                      disabled={readOnly}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        update((s) => ({ ...s, recommendations: { ...s.recommendations, [r.id]: checked } }));
                      }}
                    />
                  ))}
                </Stack>
              </fieldset>
            )}
            <Textarea
              label={t("scoring.edit.comments")}
              value={state.comments}
              onChange={(e) => {
                const value = e.currentTarget.value;
                update((s) => ({ ...s, comments: value }));
              }}
              autosize
              minRows={3}
              maxLength={4000}
              readOnly={readOnly}
            />
          </Stack>
        </Paper>

        <ScoringBar
          targets={[
            ...content.sections.map((s) => ({ id: `section-${s.id}`, label: s.section_name || t("scoring.section.untitled", { number: s.position }) })),
            { id: "result-heading", label: t("scoring.edit.resultHeading") },
          ]}
          problem={problemText}
          failure={failure}
          submitLabel={t(submitLabelKey(content))}
          pending={submit.isPending}
          readOnly={readOnly}
        />
      </Stack>
    </form>
  );
}
