import { Checkbox, Group as Row, Radio, Stack } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { BodyView } from "./BodyView";
import { Group, GroupLabel } from "./Prompt";
import { canAddChoice, shuffled, toggleChoice } from "./state";
import { idsValue, type InteractionProps } from "./types";

/** Choice (single: radio buttons, arrow keys; multiple: check boxes, Space), up to max-choices. */
export function ChoiceInteraction({ interaction: i, value, onChange, readOnly, name, seed }: InteractionProps<"choice">) {
  const { t } = useTranslation();
  const choices = i.shuffle && !readOnly ? shuffled(i.choices, seed) : i.choices;
  const chosen = idsValue(value);
  const Layout = i.orientation === "horizontal" ? Row : Stack;
  if (i.cardinality === "single") {
    return (
      <Radio.Group
        value={chosen[0] ?? null}
        onChange={(v) => !readOnly && onChange(v)}
        readOnly={readOnly}
        label={<GroupLabel name={name} prompt={i.prompt} />}
        styles={{ label: { fontSize: "inherit", lineHeight: "inherit", width: "100%" } }}
      >
        <Layout gap="xs" mt={4}>
          {choices.map((c) => (
            <Radio key={c.id} value={c.id} label={<BodyView html={c.html} />} size="md" disabled={readOnly && !chosen.includes(c.id)} styles={{ label: { lineHeight: 1.45 } }} />
          ))}
        </Layout>
      </Radio.Group>
    );
  }
  const full = !canAddChoice(chosen, i.max_choices);
  return (
    <Group name={name} prompt={i.prompt} hint={i.max_choices > 0 ? t("interactions.chooseUpTo", { count: i.max_choices }) : t("interactions.chooseAny")}>
      <Layout gap="xs">
        {choices.map((c) => {
          const on = chosen.includes(c.id);
          return (
            <Checkbox
              key={c.id}
              size="md"
              label={<BodyView html={c.html} />}
              checked={on}
              disabled={readOnly ? !on : full && !on}
              readOnly={readOnly}
              onChange={() => !readOnly && onChange(toggleChoice(chosen, c.id, i.max_choices))}
              styles={{ label: { lineHeight: 1.45 } }}
            />
          );
        })}
      </Layout>
    </Group>
  );
}
