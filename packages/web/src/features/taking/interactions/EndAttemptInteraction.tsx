import { Button, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { InteractionProps } from "./types";

/** End attempt: a button that ends the candidate's work on this question (its answers are then kept as they are). */
export function EndAttemptInteraction({ interaction: i, value, onChange, readOnly }: InteractionProps<"end_attempt">) {
  const { t } = useTranslation();
  // The candidate hears that they ended it; the evaluator reads that the candidate did.
  if (value === true)
    return (
      <Text component="span" size="sm" fw={600} role={readOnly ? undefined : "status"}>
        {t(readOnly ? "interactions.endedByCandidate" : "interactions.ended")}
      </Text>
    );
  if (readOnly) return null;
  return (
    <Button variant="light" size="compact-md" onClick={() => onChange(true)}>
      {i.title || t("interactions.endAttempt")}
    </Button>
  );
}
