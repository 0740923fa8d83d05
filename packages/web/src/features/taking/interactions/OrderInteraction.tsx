import { useState } from "react";
import { ActionIcon, Button, Group as Row, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { BodyView } from "./BodyView";
import { plainText } from "./body";
import { Group, ScreenReaderText } from "./Prompt";
import { moveItem, shuffled } from "./state";
import { idsValue, type InteractionProps } from "./types";

/**
 * Order: a numbered list with Move up and Move down buttons on each row (no dragging). The answer
 * is the whole order, given once the candidate moves something or keeps the order shown. After a
 * move the focus stays with the moved row's button and the new place is said.
 */
export function OrderInteraction({ interaction: i, value, onChange, readOnly, name, seed }: InteractionProps<"order">) {
  const { t } = useTranslation();
  const [said, setSaid] = useState("");
  const answered = idsValue(value);
  const byId = new Map(i.choices.map((c) => [c.id, c]));
  const initial = (i.shuffle ? shuffled(i.choices, seed) : i.choices).map((c) => c.id);
  const order = answered.length === i.choices.length && answered.every((id) => byId.has(id)) ? answered : initial;
  const label = (id: string) => plainText(byId.get(id)?.html ?? id);

  function move(index: number, delta: -1 | 1) {
    const id = order[index]!;
    const next = moveItem(order, index, delta);
    onChange(next);
    const at = next.indexOf(id);
    setSaid(t("interactions.moved", { choice: label(id), position: at + 1, count: next.length }));
    // The row moved: keep the focus on its button (the other one when it reached an end).
    const dir = (at === 0 && delta === -1) || (at === next.length - 1 && delta === 1) ? -delta : delta;
    requestAnimationFrame(() => document.getElementById(`${seed}-${id}-${dir === -1 ? "up" : "down"}`)?.focus());
  }

  if (readOnly && answered.length === 0) return <Group name={name} prompt={i.prompt}>{<Text fs="italic">{t("interactions.notAnswered")}</Text>}</Group>;
  return (
    <Group name={name} prompt={i.prompt} hint={readOnly ? undefined : t("interactions.orderHint")}>
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: "none" }}>
        {order.map((id, index) => (
          <Paper key={id} component="li" withBorder p="xs" radius="sm">
            <Row gap="sm" wrap="nowrap" justify="space-between">
              <Row gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text fw={700} aria-hidden>
                  {index + 1}.
                </Text>
                <ScreenReaderText>{t("interactions.position", { position: index + 1, count: order.length })} </ScreenReaderText>
                <div style={{ minWidth: 0 }}>
                  <BodyView html={byId.get(id)?.html ?? id} />
                </div>
              </Row>
              {!readOnly && (
                <Row gap={4} wrap="nowrap">
                  <ActionIcon id={`${seed}-${id}-up`} variant="default" size="lg" aria-label={t("interactions.moveUp", { choice: label(id) })} disabled={index === 0} onClick={() => move(index, -1)}>
                    <span aria-hidden>↑</span>
                  </ActionIcon>
                  <ActionIcon id={`${seed}-${id}-down`} variant="default" size="lg" aria-label={t("interactions.moveDown", { choice: label(id) })} disabled={index === order.length - 1} onClick={() => move(index, 1)}>
                    <span aria-hidden>↓</span>
                  </ActionIcon>
                </Row>
              )}
            </Row>
          </Paper>
        ))}
      </Stack>
      {!readOnly && answered.length === 0 && (
        <Button variant="light" mt="xs" onClick={() => onChange(order)}>
          {t("interactions.keepOrder")}
        </Button>
      )}
      <ScreenReaderText>
        <span aria-live="polite">{said}</span>
      </ScreenReaderText>
    </Group>
  );
}
