import type { ReactNode } from "react";
import { Box } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { BodyView } from "./BodyView";
import { Group, ScreenReaderText } from "./Prompt";
import { canAddChoice, toggleChoice } from "./state";
import { idsValue, type InteractionProps } from "./types";
import classes from "./Interactions.module.css";

/**
 * Hot text: words of the passage are toggle buttons (Tab to each, Space or Enter to pick). One
 * pick replaces the other when a single one is asked for; several stop at max-choices.
 */
export function HotTextInteraction({ interaction: i, value, onChange, readOnly, name }: InteractionProps<"hot_text">) {
  const { t } = useTranslation();
  const chosen = idsValue(value);
  const single = i.cardinality === "single";
  const full = !single && !canAddChoice(chosen, i.max_choices);

  const hottext = (id: string, content: ReactNode) => {
    const on = chosen.includes(id);
    if (readOnly)
      return on ? (
        <mark className={classes.hot} data-picked="">
          {content}
          <ScreenReaderText> ({t("interactions.picked")})</ScreenReaderText>
        </mark>
      ) : (
        <span>{content}</span>
      );
    return (
      <button
        type="button"
        className={classes.hot}
        aria-pressed={on}
        disabled={full && !on}
        onClick={() => {
          if (single) onChange(on ? null : id);
          else {
            const next = toggleChoice(chosen, id, i.max_choices);
            onChange(next.length ? next : null);
          }
        }}
      >
        {content}
      </button>
    );
  };

  return (
    <Group
      name={name}
      prompt={i.prompt}
      hint={readOnly ? undefined : single ? t("interactions.pickOne") : i.max_choices > 0 ? t("interactions.pickUpTo", { count: i.max_choices }) : t("interactions.pickAny")}
    >
      <Box fz="inherit" lh={1.9}>
        <BodyView html={i.body} markers={{ hottext }} />
      </Box>
    </Group>
  );
}
