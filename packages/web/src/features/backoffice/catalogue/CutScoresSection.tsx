import { useState, type FormEvent } from "react";
import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { ALTA_SCALE, type CutScore, type CutScores } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { RemoteData } from "../../../ui/RemoteData";
import { FormError } from "../../../ui/FormError";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { catalogueCatalogs, useCutScores, useSaveCutScores } from "./queries";

/**
 * Cut scores (issue 29): from which raw score a test whose items are all machine-scored reaches
 * each level of the scale. The evaluator sees the level beside the raw score.
 */
export function CutScoresSection({ testId }: { testId: number }) {
  const { t } = useTranslation();
  const query = useCutScores(testId);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="cut-scores">
      <Stack gap="sm">
        <Title order={2} size="h3" id="cut-scores">
          {t("boQti.title")}
        </Title>
        <RemoteData query={query}>{(data) => <CutScoresForm testId={testId} data={data} />}</RemoteData>
      </Stack>
    </Paper>
  );
}

type Row = { level: string | null; min_score: number | string };

function CutScoresForm({ testId, data }: { testId: number; data: CutScores }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogueCatalogs);
  const save = useSaveCutScores(testId);
  const [rows, setRows] = useState<Row[]>(data.cut_scores);
  const [invalid, setInvalid] = useState<string | null>(null);
  const levels = ALTA_SCALE.map((l) => ({ value: l.level, label: t("boQti.levelOption", { level: l.level }) }));
  const set = (i: number, patch: Partial<Row>) => (setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))), setInvalid(null), save.reset());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rows.some((r) => r.level === null || r.min_score === "")) return setInvalid(t("boQti.incomplete"));
    save.mutate(rows as CutScore[], { onSuccess: () => notifyResult(t("boQti.messages.cutScoresSaved"), true) });
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={save.isPending || undefined}>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {data.max_score === null ? t("boQti.noMachineScoring") : t(data.all_machine_scored ? "boQti.leadAll" : "boQti.leadSome", { max: data.max_score })}
        </Text>
        {rows.length === 0 && <Text size="sm">{t("boQti.empty")}</Text>}
        {rows.map((r, i) => (
          <Group key={i} align="flex-end" gap="sm" wrap="wrap">
            <Select label={t("boQti.level")} data={levels} value={r.level} onChange={(v) => set(i, { level: v })} allowDeselect={false} w={180} />
            <NumberInput label={t("boQti.minScore")} min={0} max={100000} decimalScale={2} value={r.min_score} onChange={(v) => set(i, { min_score: v })} w={160} />
            <ActionIcon variant="default" size="lg" mb={2} onClick={() => (setRows(rows.filter((_, j) => j !== i)), save.reset())} aria-label={t("boQti.remove", { n: i + 1 })}>
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group gap="sm">
          <Button variant="default" onClick={() => setRows([...rows, { level: null, min_score: "" }])} disabled={rows.length >= ALTA_SCALE.length}>
            {t("boQti.add")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("boQti.save")}
          </Button>
        </Group>
        <FormError message={invalid ?? (save.isError ? errorText(save.error) : null)} />
      </Stack>
    </form>
  );
}
