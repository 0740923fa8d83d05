import { useState } from "react";
import { Button, CloseButton, Group as Row, NativeSelect, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { plainText } from "./body";
import { Group } from "./Prompt";
import { canPair, shuffled, togglePair, type PairLimits } from "./state";
import { pairsValue, type InteractionProps } from "./types";

/**
 * Associate: pairs made from one list with two selects and a Make pair button, and undone with a
 * Remove button on each pair (no dragging). Limits: max-associations and each choice's match-max.
 */
export function AssociateInteraction({ interaction: i, value, onChange, readOnly, name, seed }: InteractionProps<"associate">) {
  const { t } = useTranslation();
  const pairs = pairsValue(value);
  const choices = i.shuffle && !readOnly ? shuffled(i.choices, seed) : i.choices;
  const [first, setFirst] = useState("");
  const [second, setSecond] = useState("");
  const text = (id: string) => plainText(i.choices.find((c) => c.id === id)?.html ?? id);
  const limits: PairLimits = { maxAssociations: i.max_associations, matchMax: Object.fromEntries(i.choices.map((c) => [c.id, c.match_max])) };
  const pair = [first, second] as const;
  const possible = first !== "" && second !== "" && canPair(pairs, pair, false, limits);
  const set = (next: readonly (readonly [string, string])[]) => onChange(next.length ? next.map((p) => [p[0], p[1]] as [string, string]) : null);
  const options = [{ value: "", label: t("interactions.choose") }, ...choices.map((c) => ({ value: c.id, label: plainText(c.html) }))];

  return (
    <Group name={name} prompt={i.prompt} hint={readOnly ? undefined : t("interactions.associateHint")}>
      <Stack gap="sm">
        {!readOnly && (
          <Row gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect label={t("interactions.first")} data={options} value={first} onChange={(e) => setFirst(e.currentTarget.value)} w={200} maw="100%" />
            <NativeSelect label={t("interactions.second")} data={options} value={second} onChange={(e) => setSecond(e.currentTarget.value)} w={200} maw="100%" />
            <Button
              disabled={!possible}
              onClick={() => {
                set(togglePair(pairs, pair, false, limits));
                setFirst("");
                setSecond("");
              }}
            >
              {t("interactions.makePair")}
            </Button>
          </Row>
        )}
        <Text size="sm" fw={600}>
          {t("interactions.pairs")}
        </Text>
        {pairs.length === 0 ? (
          <Text size="sm" fs="italic" c="gray.7">
            {t("interactions.noPairs")}
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: "none" }}>
            {pairs.map((p) => (
              <Row component="li" key={`${p[0]} ${p[1]}`} gap="xs" wrap="nowrap">
                <Text>{t("interactions.pair", { first: text(p[0]), second: text(p[1]) })}</Text>
                {!readOnly && <CloseButton aria-label={t("interactions.removePair", { first: text(p[0]), second: text(p[1]) })} onClick={() => set(togglePair(pairs, p, false, limits))} />}
              </Row>
            ))}
          </Stack>
        )}
      </Stack>
    </Group>
  );
}
