import { useTranslation } from "../../../i18n";
import { Group } from "./Prompt";
import { canAddChoice, hotspotBox, toggleChoice } from "./state";
import { idsValue, type InteractionProps } from "./types";
import classes from "./Interactions.module.css";

/**
 * Hotspot: the picture's areas are toggle buttons laid over it, each named by the author's label
 * (or "Area 2"); Tab reaches each, Space picks it. Single: one pick replaces the other.
 */
export function HotspotInteraction({ interaction: i, value, onChange, readOnly, name }: InteractionProps<"hotspot">) {
  const { t } = useTranslation();
  const chosen = idsValue(value);
  const single = i.cardinality === "single";
  const full = !single && !canAddChoice(chosen, i.max_choices);
  return (
    <Group name={name} prompt={i.prompt} hint={readOnly ? undefined : single ? t("interactions.spotOne") : t("interactions.spotMany")}>
      <div className={classes.picture} style={{ width: i.image.width }}>
        <img src={i.image.src} alt={i.image.alt} width={i.image.width} height={i.image.height} />
        {i.hotspots.map((h, n) => {
          const box = hotspotBox(h.shape, h.coords, i.image.width, i.image.height);
          const on = chosen.includes(h.id);
          const label = h.label || t("interactions.area", { number: n + 1 });
          const style = { left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%`, borderRadius: h.shape === "circle" || h.shape === "ellipse" ? "50%" : undefined };
          if (readOnly) return on ? <span key={h.id} className={classes.spot} data-picked="" style={style} role="img" aria-label={t("interactions.spotPicked", { area: label })} /> : null;
          return (
            <button
              key={h.id}
              type="button"
              className={classes.spot}
              style={style}
              aria-label={label}
              aria-pressed={on}
              disabled={full && !on}
              onClick={() => {
                if (single) onChange(on ? null : h.id);
                else {
                  const next = toggleChoice(chosen, h.id, i.max_choices);
                  onChange(next.length ? next : null);
                }
              }}
            />
          );
        })}
      </div>
    </Group>
  );
}
