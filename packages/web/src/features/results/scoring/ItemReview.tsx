import { useState } from "react";
import { Box, Checkbox, Group, Image, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { RESPONSE_KINDS, type ItemKind, type ScoreableItem } from "@parlance/contract";
import { AudioGrant } from "./AudioGrant";
import { StatusTag } from "../../../ui/StatusTag";
import { ResponseBox } from "./ResponseBox";
import { QtiResponse } from "./QtiResponse";
import { objectiveKey, type ScoringFormState } from "./scoringForm";

interface ItemReviewProps {
  testId: number;
  lang: string;
  item: ScoreableItem;
  state: ScoringFormState;
  setObjective: (key: string, stateId: string) => void;
  setScoringItem: (id: string, checked: boolean) => void;
  invalid: ReadonlySet<string>;
  errorText: string | null;
  readOnly: boolean;
}

const isResponseKind = (kind: string) => (RESPONSE_KINDS as readonly string[]).includes(kind as ItemKind);

/** One item as the evaluator reviews it: the question, the candidate's response, the key and what to score. */
export function ItemReview({ testId, lang, item, state, setObjective, setScoringItem, invalid, errorText, readOnly }: ItemReviewProps) {
  const { t } = useTranslation();
  // A granted recording is loaded afresh: before the grant the server refused its bytes.
  const [grants, setGrants] = useState(0);
  const name = item.number !== null ? t("scoring.item.question", { number: item.number }) : item.heading_text ?? t("scoring.item.unnumbered");
  const responseLabelId = `response-${item.id}`;
  const objectiveResult = item.answer !== null && item.response !== null ? (item.answer === item.response ? "correct" : "incorrect") : null;

  if (item.kind === "heading") {
    return (
      <Title order={3} size="h5" dir="auto" lang={lang}>
        {item.heading_text ?? item.item_text}
      </Title>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={name} bg={item.is_instructions ? "gray.0" : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          {item.number !== null ? (
            <Text fw={700}>{name}</Text>
          ) : (
            <Text size="sm" c="gray.7">
              {item.is_instructions ? t("scoring.item.instructions") : ""}
            </Text>
          )}
          {item.audio_triggered && !readOnly && <AudioGrant testId={testId} itemId={item.id} label={name} onGranted={() => setGrants((g) => g + 1)} />}
        </Group>
        {item.heading_text && item.number !== null && (
          <Text fw={600} dir="auto" lang={lang}>
            {item.heading_text}
          </Text>
        )}
        {item.item_text && (
          <Text dir="auto" lang={lang} style={{ whiteSpace: "pre-wrap" }}>
            {item.item_text}
          </Text>
        )}
        {item.media_url && item.kind === "image" && <Image src={item.media_url} alt={item.alternate_text ?? ""} maw={560} fit="contain" />}
        {item.media_url && item.kind === "audio" && <audio key={grants} controls preload="none" src={item.media_url} aria-label={t("scoring.item.recordingOf", { question: name })} style={{ width: "100%", maxWidth: 480 }} />}
        {item.media_url && item.kind === "video" && <video key={grants} controls preload="none" src={item.media_url} aria-label={t("scoring.item.videoOf", { question: name })} style={{ width: "100%", maxWidth: 560 }} />}
        {item.alternate_text && item.kind !== "image" && (
          <Text size="sm" c="gray.7" dir="auto">
            {t("scoring.item.transcript")}: <span lang={lang}>{item.alternate_text}</span>
          </Text>
        )}
        {item.qti ? (
          <QtiResponse item={{ ...item, qti: item.qti }} name={name} labelId={responseLabelId} />
        ) : (
          isResponseKind(item.kind) && <ResponseBox response={item.response} labelId={responseLabelId} lang={lang} />
        )}
        {item.response_audio_url && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t("webCall.spokenResponse", { question: name })}
            </Text>
            <audio controls preload="metadata" src={item.response_audio_url} aria-label={t("webCall.spokenResponse", { question: name })} style={{ width: "100%", maxWidth: 480 }} />
          </Stack>
        )}
        {item.answer !== null && (
          <Group gap="sm" wrap="wrap">
            <Text size="sm">
              <Text span fw={600}>
                {t("scoring.item.answerKey")}:
              </Text>{" "}
              <span dir="auto" lang={lang}>
                {item.answer}
              </span>
            </Text>
            {objectiveResult ? (
              <StatusTag tone={objectiveResult === "correct" ? "good" : "bad"}>{t(`scoring.item.${objectiveResult}`)}</StatusTag>
            ) : (
              <StatusTag tone="neutral">{t("scoring.item.unanswered")}</StatusTag>
            )}
          </Group>
        )}
        {item.objectives.map((o) => {
          const key = objectiveKey(item.id, o.id);
          const field = `objective:${key}`;
          const value = state.objectives[key];
          return (
            <Radio.Group
              key={o.id}
              id={field}
              label={t("scoring.item.objectiveLabel", { objective: o.name, question: name })}
              description={o.automatic && value === o.state_id ? t("scoring.item.automatic") : undefined}
              value={value}
              onChange={(v) => setObjective(key, v)}
              error={invalid.has(field) ? errorText : undefined}
              readOnly={readOnly}
            >
              <Group gap="md" mt={6} wrap="wrap">
                {o.states.map((s) => (
                  <Radio key={s.id} value={s.id} label={s.name} disabled={readOnly && value !== s.id} />
                ))}
              </Group>
            </Radio.Group>
          );
        })}
        {item.scoring_items.length > 0 && (
          <Box component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={600} mb={4}>
              {t("scoring.item.scoringItems", { question: name })}
            </Text>
            <Stack gap={6}>
              {item.scoring_items.map((s) => (
                <Checkbox
                  key={s.id}
                  label={s.text}
                  checked={Boolean(state.scoringItems[s.id])}
                  onChange={(e) => setScoringItem(s.id, e.currentTarget.checked)}
                  disabled={readOnly}
                />
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
