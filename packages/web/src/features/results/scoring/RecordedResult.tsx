import { Alert, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { ScoreableContent } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import { formatDateTime } from "../../../i18n/format";

/** A submitted result is final (spec §2): what was recorded, shown above the read-only form. */
export function RecordedResult({ result }: { result: NonNullable<ScoreableContent["result"]> }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const outcome = result.no_show
    ? t("scoring.recorded.noShow")
    : result.result_state === "scored"
      ? t("scoring.recorded.level", { level: result.result_value ?? "—" })
      : result.result_state
        ? `${t(`scoring.outcome.${result.result_state}`)} (${t(`history.reason.${result.result_reason ?? "unknown"}`)})`
        : "—";
  return (
    <Alert color="blue" variant="light" title={t("scoring.recorded.title")}>
      <Text size="sm">{t("scoring.recorded.when", { date: formatDateTime(result.scored_at, language), by: result.scored_by ?? "—" })}</Text>
      <Text size="sm" fw={600} mt={4}>
        {outcome}
      </Text>
      {result.verification_key && (
        <Text size="sm" mt={4}>
          {t("scoring.recorded.key")}: <Text span ff="monospace">{result.verification_key}</Text>
        </Text>
      )}
    </Alert>
  );
}
