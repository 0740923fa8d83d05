import { Box, Group, Stack, Text } from "@mantine/core";
import { encodeQtiResponse, type ScoreableItem } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { StatusTag } from "../../../ui/StatusTag";
import { QtiItem } from "../../taking";

/**
 * A QTI item as the evaluator sees it: the item drawn by the runner's own components, read-only,
 * with the candidate's response in place; the server's machine score (response processing at
 * submit) when it gave one; the correct response, drawn the same way, on request.
 */
export function QtiResponse({ item, name, labelId }: { item: ScoreableItem & { qti: NonNullable<ScoreableItem["qti"]> }; name: string; labelId: string }) {
  const { t } = useTranslation();
  const score = item.machine_score;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Text id={labelId} size="sm" fw={600} c="gray.8">
          {t("scoring.item.response")}
        </Text>
        {(item.response ?? "").trim() === "" && <StatusTag tone="neutral">{t("scoring.item.noResponse")}</StatusTag>}
        {score && <StatusTag tone={score.score >= score.max && score.max > 0 ? "good" : score.score > 0 ? "neutral" : "bad"}>{t("interactions.machineScore", { score: score.score, max: score.max })}</StatusTag>}
      </Group>
      <Box role="group" aria-labelledby={labelId} p="sm" bg="blue.0" style={{ borderInlineStart: "4px solid var(--mantine-color-blue-7)", borderRadius: 4 }}>
        <QtiItem qti={item.qti} response={item.response ?? ""} readOnly name={name} seed={item.id} />
      </Box>
      {item.qti_correct && (
        <Box component="details">
          <Text component="summary" size="sm" fw={600} style={{ cursor: "pointer" }}>
            {t("scoring.item.answerKey")}
          </Text>
          <Box p="sm" mt={4} bg="gray.0" style={{ borderRadius: 4 }}>
            <QtiItem qti={item.qti} response={encodeQtiResponse(item.qti_correct)} readOnly name={`${name}: ${t("scoring.item.answerKey")}`} seed={`${item.id}:key`} />
          </Box>
        </Box>
      )}
    </Stack>
  );
}
