import { Text } from "@mantine/core";
import { BUSINESS_TIME_ZONE } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { useStartup } from "../../../ui/startup";
import { formatDateTime } from "../../../i18n/format";

/**
 * The cancellation cut-off (client-administration.md §9): 5 pm Eastern the day before, before it
 * the fee is waived; the payment policy page's reading (6 pm Eastern the business day before) is
 * stated beside it. With a sitting chosen, its cut-off instants are shown.
 */
export function CutoffNote({ cutoff, policyCutoff }: { cutoff?: string; policyCutoff?: string }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const eastern = (iso: string) => formatDateTime(iso, language, BUSINESS_TIME_ZONE);
  return (
    <div>
      <Text size="sm">{cutoff ? t("proctorReservation.cutoff.at", { time: eastern(cutoff) }) : t("proctorReservation.cutoff.rule")}</Text>
      <Text size="sm" c="gray.7">
        {policyCutoff ? t("proctorReservation.cutoff.policyAt", { time: eastern(policyCutoff) }) : t("proctorReservation.cutoff.policyRule")}
      </Text>
    </div>
  );
}
