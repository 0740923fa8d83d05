import { Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { TestContentView } from "@parlance/contract";
import { SaveIndicator, type AnswerStore } from "../answers";
import { formatHms, WARNING_AT_MS } from "./clock";
import type { Place } from "./navigation";

/**
 * The progress box (spec §2): page x of y, the h:m:s time left of a timed test, and the save
 * indicator, always in view (it stays under the header while the page scrolls).
 */
export function ProgressBox({ content, place, pageCount, remainingMs, store }: { content: TestContentView; place: Place; pageCount: number; remainingMs: number | null; store: AnswerStore }) {
  const { t } = useTranslation();
  const low = remainingMs !== null && remainingMs <= WARNING_AT_MS;
  const languages = [
    content.source_language && t("takingFlow.progress.sourceLanguage", { name: content.source_language.name }),
    content.target_language && t("takingFlow.progress.targetLanguage", { name: content.target_language.name }),
  ].filter(Boolean);
  return (
    <Paper
      component="section"
      aria-label={t("takingFlow.progress.label")}
      withBorder
      p="sm"
      radius="md"
      // A strip of page colour above the box hides the text scrolling under it.
      style={{ position: "sticky", top: "calc(var(--parlance-header-height, 60px) + 8px)", zIndex: 5, background: "var(--mantine-color-body)", boxShadow: "0 -9px 0 var(--mantine-color-body), var(--mantine-shadow-xs)" }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0}>
          <Text fw={600}>
            {place.kind === "review" ? t("takingFlow.progress.reviewPage") : t("takingFlow.progress.page", { page: place.page, count: pageCount })}
          </Text>
          {languages.length > 0 && (
            <Text size="xs" c="gray.7">
              {languages.join(" · ")}
            </Text>
          )}
        </Stack>
        {remainingMs !== null && (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="gray.7">
              {t("takingFlow.progress.timeLeft")}
            </Text>
            <Text role="timer" aria-label={t("takingFlow.progress.timeLeft")} fw={700} fz="lg" c={low ? "red.8" : undefined} style={{ fontVariantNumeric: "tabular-nums" }}>
              {formatHms(remainingMs)}
            </Text>
          </Group>
        )}
        <SaveIndicator store={store} />
      </Group>
    </Paper>
  );
}
