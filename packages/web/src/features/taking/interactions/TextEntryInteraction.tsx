import classes from "./Interactions.module.css";
import { textValue, type InteractionProps } from "./types";

/** A gap typed into, inside the sentence: as wide as the answer the author expects. */
export function TextEntryInteraction({ interaction: i, value, onChange, readOnly, name }: InteractionProps<"text_entry">) {
  const width = Math.min(Math.max(i.expected_length ?? 10, 3), 60);
  return (
    <input
      type="text"
      className={readOnly ? `${classes.inline} ${classes.read}` : classes.inline}
      aria-label={name}
      value={textValue(value)}
      placeholder={i.placeholder ?? undefined}
      readOnly={readOnly}
      onChange={(e) => onChange(e.currentTarget.value === "" ? null : e.currentTarget.value)}
      // Spell checkers and autocorrect would answer for the candidate in a language test.
      spellCheck={false}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      dir="auto"
      style={{ width: `calc(${width}ch + 18px)`, maxWidth: "100%" }}
    />
  );
}
