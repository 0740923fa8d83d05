import { Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { ItemView } from "@parlance/contract";

/** A question's text with its number in front ("3. Why …"); screen readers hear "Question 3". */
export function QuestionLabel({ item }: { item: ItemView }) {
  const { t } = useTranslation();
  return (
    <Text component="span" fz="inherit" lh="inherit" fw={500}>
      {item.number !== null && (
        <>
          <span aria-hidden>{item.number}. </span>
          <span style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
            {t("takingFlow.items.question", { number: item.number })}:{" "}
          </span>
        </>
      )}
      {item.item_text}
    </Text>
  );
}
