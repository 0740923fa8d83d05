import { Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { StatusTag } from "../../../ui/StatusTag";

/** The Review column: a test scored again for review shows an icon with its word; others a dash. */
export function ReviewFlag({ isReview }: { isReview: boolean }) {
  const { t } = useTranslation();
  if (!isReview) {
    return (
      <Text span c="gray.7">
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{t("scoring.list.notReview")}</VisuallyHidden>
      </Text>
    );
  }
  return <StatusTag tone="note">{t("scoring.list.review")}</StatusTag>;
}
