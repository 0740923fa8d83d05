import { Text } from "@mantine/core";
import type { ProctorSchedulePage } from "@parlance/contract";
import { useTranslation } from "../../../i18n";

/** Which tests, for whom, and how long the sitting is. */
export function TestsHeading({ data }: { data: ProctorSchedulePage }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text fw={600}>{data.testDescriptions.join(", ")}</Text>
      {!data.isCandidate && <Text c="gray.7">{t("proctorReservation.forCandidate", { name: data.candidateDisplayAs })}</Text>}
      <Text c="gray.7">{t("proctorReservation.duration", { count: data.duration })}</Text>
    </div>
  );
}
