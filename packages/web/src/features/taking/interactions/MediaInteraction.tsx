import { Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Group } from "./Prompt";
import type { InteractionProps } from "./types";

/**
 * A recording or video with play limits: the runner's player (renderMedia) asks the server for each
 * play, as our audio items do; the value is the plays used. The scoring page shows that count.
 */
export function MediaInteraction({ interaction: i, value, onChange, readOnly, name, renderMedia }: InteractionProps<"media">) {
  const { t } = useTranslation();
  const plays = typeof value === "number" ? value : 0;
  return (
    <Group name={name} prompt={i.prompt}>
      {readOnly || !renderMedia ? (
        <Text size="sm">{t("interactions.played", { count: plays })}</Text>
      ) : (
        renderMedia(i, name, (used) => {
          if (used !== plays) onChange(used);
        })
      )}
    </Group>
  );
}
