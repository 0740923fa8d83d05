import type { ComponentType } from "react";
import { Box, Stack, Text } from "@mantine/core";
import { decodeQtiResponse, INLINE_INTERACTIONS, type CandidateQtiItem, type Interaction, type QtiValue } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { BodyView } from "./BodyView";
import { INTERACTION_COMPONENTS } from "./registry";
import { attemptEnded, withValue } from "../qtiResponse";
import type { InteractionProps, MediaRenderer } from "./types";

export interface QtiItemProps {
  qti: CandidateQtiItem;
  /** The saved response string ("" when not answered). */
  response: string;
  /** The new response string, for the answer store; absent on the evaluator's page. */
  onChange?: (response: string) => void;
  readOnly: boolean;
  /** "Question 3" (or the item's title when unnumbered): the name every control starts with. */
  name: string;
  /** Seeds the order of shuffled choices: the attempt and the item. */
  seed: string;
  renderMedia?: MediaRenderer;
}

/**
 * A QTI item: its body with each interaction drawn where its slot stands (contract
 * content/interactions.ts), in the item's language and direction. Read-only on the scoring page
 * and once the candidate ended the attempt at it.
 */
export function QtiItem({ qti, response, onChange, readOnly, name, seed, renderMedia }: QtiItemProps) {
  const { t } = useTranslation();
  const decoded = decodeQtiResponse(response);
  const values = decoded ?? {};
  const locked = readOnly || attemptEnded(qti, response);
  const many = qti.interactions.length > 1;

  const draw = (index: number) => {
    const interaction = qti.interactions[index];
    if (!interaction) return null;
    const inline = INLINE_INTERACTIONS.includes(interaction.kind);
    const own = !many ? name : t(inline ? "interactions.blank" : "interactions.part", { name, number: index + 1 });
    const Component = INTERACTION_COMPONENTS[interaction.kind] as ComponentType<InteractionProps & { interaction: Interaction }>;
    return (
      <Component
        key={`${index}`}
        interaction={interaction}
        value={values[interaction.response_id]}
        onChange={(v: QtiValue | null) => onChange?.(withValue(response, interaction.response_id, v))}
        // An end attempt stays pressable until pressed; everything else is locked once it is.
        readOnly={interaction.kind === "end_attempt" ? readOnly : locked}
        name={own}
        seed={`${seed}:${interaction.response_id}`}
        renderMedia={renderMedia}
      />
    );
  };

  const body = <BodyView html={qti.body} markers={{ slot: (index) => draw(index) }} />;
  // An interaction without a slot in the body (a hand-made package) still shows, after it.
  const rest = qti.interactions.map((_, index) => index).filter((index) => !qti.body.includes(`data-qti-slot="${index}"`));
  return (
    <Stack gap="sm" lang={qti.lang ?? undefined} dir={qti.dir ?? undefined}>
      {readOnly && decoded === null && (
        <Text size="sm" c="red.8">
          {t("interactions.unreadable")} <span dir="auto">{response}</span>
        </Text>
      )}
      <Box fz="inherit" lh="inherit" className="qti-body">
        {body}
      </Box>
      {rest.map((index) => (
        <Box key={index}>{draw(index)}</Box>
      ))}
    </Stack>
  );
}
