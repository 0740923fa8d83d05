import { useState } from "react";
import { Box, Button, Group as Row } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { BodyView } from "./BodyView";
import { plainText as plain } from "./body";
import { Group, ScreenReaderText } from "./Prompt";
import { choiceInGap, clearGap, placeInGap, shuffled, uses } from "./state";
import { pairsValue, type InteractionProps } from "./types";
import classes from "./Interactions.module.css";

/**
 * Words put into the gaps of a passage, without dragging (WAI-ARIA: no drag-only operation):
 * select a word (a toggle button), then the gap to place it in (a button); a filled gap selected
 * with no word chosen is emptied. Every step is said in a polite live region.
 */
export function GapMatchInteraction({ interaction: i, value, onChange, readOnly, name, seed }: InteractionProps<"gap_match">) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  const pairs = pairsValue(value);
  const words = i.shuffle && !readOnly ? shuffled(i.gap_texts, seed) : i.gap_texts;
  const wordText = (id: string | undefined) => (id ? plain(i.gap_texts.find((w) => w.id === id)?.html ?? id) : "");
  const gapNumber = (gap: string) => i.gaps.findIndex((g) => g.id === gap) + 1;
  const usedUp = (id: string) => {
    const max = i.gap_texts.find((w) => w.id === id)?.match_max ?? 1;
    return max > 0 && uses(pairs, id) >= max;
  };

  function activateGap(gap: string) {
    const n = gapNumber(gap);
    if (selected) {
      const next = placeInGap(pairs, selected, gap, i.gap_texts.find((w) => w.id === selected)?.match_max ?? 1);
      onChange(next.length ? next.map((p) => [p[0], p[1]] as [string, string]) : null);
      setSaid(t("interactions.placed", { word: wordText(selected), number: n }));
      setSelected(null);
    } else if (choiceInGap(pairs, gap)) {
      const next = clearGap(pairs, gap);
      onChange(next.length ? next.map((p) => [p[0], p[1]] as [string, string]) : null);
      setSaid(t("interactions.cleared", { number: n }));
    } else setSaid(t("interactions.selectWordFirst"));
  }

  const gap = (id: string) => {
    const n = gapNumber(id);
    const word = choiceInGap(pairs, id);
    const label = word ? t("interactions.gapFilled", { number: n, word: wordText(word) }) : t("interactions.gapEmpty", { number: n });
    if (readOnly)
      return (
        <span className={`${classes.target} ${classes.read}`} data-filled={word ? "" : undefined}>
          <ScreenReaderText>{t("interactions.gapLabel", { number: n })}: </ScreenReaderText>
          {word ? wordText(word) : t("interactions.notAnswered")}
        </span>
      );
    return (
      <button type="button" className={classes.target} data-filled={word ? "" : undefined} aria-label={label} onClick={() => activateGap(id)}>
        {word ? wordText(word) : <span aria-hidden>{n}</span>}
      </button>
    );
  };

  return (
    <Group name={name} prompt={i.prompt} hint={readOnly ? undefined : t("interactions.gapHint")}>
      {!readOnly && (
        <Row gap="xs" mb="sm" role="group" aria-label={t("interactions.words")}>
          {words.map((w) => (
            <Button
              key={w.id}
              size="compact-md"
              variant={selected === w.id ? "filled" : "default"}
              aria-pressed={selected === w.id}
              disabled={usedUp(w.id) && selected !== w.id}
              onClick={() => {
                const next = selected === w.id ? null : w.id;
                setSelected(next);
                setSaid(next ? t("interactions.wordSelected", { word: wordText(w.id) }) : "");
              }}
            >
              <BodyView html={w.html} />
            </Button>
          ))}
        </Row>
      )}
      <Box fz="inherit" lh={2}>
        <BodyView html={i.body} markers={{ gap }} />
      </Box>
      <ScreenReaderText>
        <span aria-live="polite">{said}</span>
      </ScreenReaderText>
    </Group>
  );
}
