import { Textarea } from "@mantine/core";
import { GroupLabel } from "./Prompt";
import { textValue, type InteractionProps } from "./types";

/** A written answer of several lines. */
export function ExtendedTextInteraction({ interaction: i, value, onChange, readOnly, name }: InteractionProps<"extended_text">) {
  return (
    <Textarea
      label={<GroupLabel name={name} prompt={i.prompt} />}
      value={textValue(value)}
      placeholder={i.placeholder ?? undefined}
      readOnly={readOnly}
      onChange={(e) => onChange(e.currentTarget.value === "" ? null : e.currentTarget.value)}
      autosize
      minRows={i.expected_lines ?? 4}
      maxRows={20}
      maw={720}
      dir="auto"
      spellCheck={false}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      styles={{ label: { fontSize: "inherit", lineHeight: "inherit", marginBottom: 6, width: "100%" }, input: { fontSize: "inherit", lineHeight: "inherit" } }}
    />
  );
}
