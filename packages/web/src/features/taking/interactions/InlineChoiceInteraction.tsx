import { useTranslation } from "../../../i18n";
import { ScreenReaderText } from "./Prompt";
import { shuffled } from "./state";
import classes from "./Interactions.module.css";
import { idsValue, type InteractionProps } from "./types";

/** A choice inside the sentence: a native select, so every screen reader and keyboard knows it. */
export function InlineChoiceInteraction({ interaction: i, value, onChange, readOnly, name, seed }: InteractionProps<"inline_choice">) {
  const { t } = useTranslation();
  const choices = i.shuffle && !readOnly ? shuffled(i.choices, seed) : i.choices;
  const chosen = idsValue(value)[0] ?? "";
  if (readOnly) {
    const text = i.choices.find((c) => c.id === chosen)?.text;
    return (
      <span className={`${classes.inline} ${classes.read}`}>
        <ScreenReaderText>{name}: </ScreenReaderText>
        {text ?? t("interactions.notAnswered")}
      </span>
    );
  }
  return (
    <select className={classes.inline} aria-label={name} value={chosen} onChange={(e) => onChange(e.currentTarget.value === "" ? null : e.currentTarget.value)}>
      <option value="">{t("interactions.choose")}</option>
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.text}
        </option>
      ))}
    </select>
  );
}
