import { Checkbox, Group as Row, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { BodyView } from "./BodyView";
import { plainText } from "./body";
import { Group } from "./Prompt";
import { canPair, hasPair, shuffled, togglePair, type PairLimits } from "./state";
import { pairsValue, type InteractionProps } from "./types";

/**
 * Match: for each source, a group of check boxes, one per target (keyboard: Tab and Space; no
 * dragging). A box that would break a limit (max-associations, a choice's match-max) is disabled.
 */
export function MatchInteraction({ interaction: i, value, onChange, readOnly, name, seed }: InteractionProps<"match">) {
  const { t } = useTranslation();
  const pairs = pairsValue(value);
  const sources = i.shuffle && !readOnly ? shuffled(i.sources, `${seed}:s`) : i.sources;
  const targets = i.shuffle && !readOnly ? shuffled(i.targets, `${seed}:t`) : i.targets;
  const limits: PairLimits = { maxAssociations: i.max_associations, matchMax: Object.fromEntries([...i.sources, ...i.targets].map((c) => [c.id, c.match_max])) };
  return (
    <Group name={name} prompt={i.prompt} hint={readOnly ? undefined : t("interactions.matchHint")}>
      <Stack gap="md">
        {sources.map((s) => (
          <Stack key={s.id} gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" fw={600} fz="inherit" p={0}>
              <BodyView html={s.html} />
            </Text>
            <Row gap="md" wrap="wrap">
              {targets.map((tg) => {
                const pair = [s.id, tg.id] as const;
                const on = hasPair(pairs, pair, true);
                return (
                  <Checkbox
                    key={tg.id}
                    size="md"
                    label={<BodyView html={tg.html} />}
                    aria-label={t("interactions.matchPair", { source: plainText(s.html), target: plainText(tg.html) })}
                    checked={on}
                    readOnly={readOnly}
                    disabled={readOnly ? !on : !on && !canPair(pairs, pair, true, limits)}
                    onChange={() => {
                      if (readOnly) return;
                      const next = togglePair(pairs, pair, true, limits);
                      onChange(next.length ? next.map((p) => [p[0], p[1]] as [string, string]) : null);
                    }}
                  />
                );
              })}
            </Row>
          </Stack>
        ))}
      </Stack>
    </Group>
  );
}
