import { Badge, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The Review column: a test scored again for review shows an icon with its word; others a dash. */
export function ReviewFlag({ isReview }: { isReview: boolean }) {
  const { t } = useTranslation();
  if (!isReview) {
    return (
      <Text span c="gray.7" aria-label={t("scoring.list.notReview")}>
        —
      </Text>
    );
  }
  return (
    <Badge color="orange.9" variant="light" leftSection={<span aria-hidden="true">⟲</span>} style={{ textTransform: "none" }}>
      {t("scoring.list.review")}
    </Badge>
  );
}
