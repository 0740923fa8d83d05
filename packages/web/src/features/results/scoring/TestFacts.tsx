import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { ScoreableContent } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import { formatDateTime } from "../../../i18n/format";
import { useMethodLabel } from "../../../ui/testStatus";
import { ReviewFlag } from "./ReviewFlag";
import { StatusTag } from "../../../ui/StatusTag";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** What is being scored: the test, the candidate, when, the automatic result, and the paper PDF. */
export function TestFacts({ content }: { content: ScoreableContent }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const methodLabel = useMethodLabel();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
        <Fact label={t("scoring.list.columns.number")}>{content.number}</Fact>
        <Fact label={t("scoring.list.columns.candidate")}>{content.candidate_name ?? "—"}</Fact>
        <Fact label={t("scoring.list.columns.method")}>
          {methodLabel(content.method_short_name)} · {content.language}
        </Fact>
        <Fact label={t("scoring.list.columns.dateTime")}>{formatDateTime(content.test_datetime, language)}</Fact>
        {content.due_at && <Fact label={t("scoring.edit.due")}>{formatDateTime(content.due_at, language)}</Fact>}
        <Fact label={t("scoring.list.columns.review")}>
          <ReviewFlag isReview={content.is_review} />
        </Fact>
        {content.objective_score && (
          <Fact label={t("scoring.edit.objectiveScore")}>{t("scoring.edit.objectiveScoreValue", content.objective_score)}</Fact>
        )}
        {content.raw_score && (
          <Fact label={t("interactions.rawScore")}>
            {content.raw_score.level !== null ? t("interactions.rawScoreLevel", { ...content.raw_score }) : t("interactions.rawScoreValue", content.raw_score)}
          </Fact>
        )}
      </SimpleGrid>
      <Group gap="sm" mt="md" wrap="wrap">
        {content.repeats > 0 && (
          <StatusTag tone="note">
            {t("scoring.edit.repeats", { count: content.repeats })}
          </StatusTag>
        )}
        {content.download_url && (
          // A file the server sends, not a screen: a plain link, so the browser downloads it.
          <Anchor href={content.download_url} target="_blank" rel="noopener">
            {t("scoring.edit.paperPdf")}
          </Anchor>
        )}
        {content.scanned_responses_url && (
          <Anchor href={content.scanned_responses_url} target="_blank" rel="noopener">
            {t("paper.scoring.scannedResponses")}
          </Anchor>
        )}
      </Group>
      {content.entered_responses && (
        <Stack gap={4} mt="md">
          <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
            {t("paper.scoring.enteredResponses")}
          </Text>
          <Text style={{ whiteSpace: "pre-wrap" }} lang={content.language_code}>
            {content.entered_responses}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
