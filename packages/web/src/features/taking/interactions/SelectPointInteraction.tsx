import { Button, CloseButton, Group as Row, NumberInput, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Group } from "./Prompt";
import { pointsValue, type InteractionProps } from "./types";
import classes from "./Interactions.module.css";

/**
 * Select point: a click on the picture puts a point there; the keyboard (and a screen reader) sets
 * the same point with two number fields, across and down in the picture's pixels.
 */
export function SelectPointInteraction({ interaction: i, value, onChange, readOnly, name }: InteractionProps<"select_point">) {
  const { t } = useTranslation();
  const points = pointsValue(value);
  const single = i.cardinality === "single";
  const max = single ? 1 : i.max_choices || 100;
  const set = (next: [number, number][]) => onChange(next.length === 0 ? null : single ? next[0]! : next);
  const clamp = (v: number, to: number) => Math.min(Math.max(Math.round(v), 0), to);

  return (
    <Group name={name} prompt={i.prompt} hint={readOnly ? undefined : t("interactions.pointHint")}>
      <Stack gap="sm">
        <div
          className={classes.picture}
          style={{ width: i.image.width, cursor: readOnly ? undefined : "crosshair" }}
          onClick={(e) => {
            if (readOnly) return;
            const r = e.currentTarget.getBoundingClientRect();
            const p: [number, number] = [clamp(((e.clientX - r.left) / r.width) * i.image.width, i.image.width), clamp(((e.clientY - r.top) / r.height) * i.image.height, i.image.height)];
            set(single ? [p] : points.length < max ? [...points, p] : points);
          }}
        >
          <img src={i.image.src} alt={i.image.alt} width={i.image.width} height={i.image.height} />
          {points.map((p, n) => (
            <span
              key={n}
              aria-hidden
              style={{ position: "absolute", left: `${(p[0] / i.image.width) * 100}%`, top: `${(p[1] / i.image.height) * 100}%`, width: 14, height: 14, marginLeft: -7, marginTop: -7, borderRadius: "50%", background: "var(--mantine-color-orange-9)", border: "2px solid white" }}
            />
          ))}
        </div>
        {points.map((p, n) => (
          <Row key={n} gap="xs" align="flex-end" wrap="wrap">
            <NumberInput label={t("interactions.pointX", { number: n + 1 })} value={p[0]} min={0} max={i.image.width} readOnly={readOnly} w={150} onChange={(v) => set(points.map((q, k) => (k === n ? [clamp(Number(v) || 0, i.image.width), q[1]] : q)))} />
            <NumberInput label={t("interactions.pointY", { number: n + 1 })} value={p[1]} min={0} max={i.image.height} readOnly={readOnly} w={150} onChange={(v) => set(points.map((q, k) => (k === n ? [q[0], clamp(Number(v) || 0, i.image.height)] : q)))} />
            {!readOnly && <CloseButton size="lg" aria-label={t("interactions.removePoint", { number: n + 1 })} onClick={() => set(points.filter((_, k) => k !== n))} />}
          </Row>
        ))}
        {readOnly && points.length === 0 && <Text fs="italic">{t("interactions.notAnswered")}</Text>}
        {!readOnly && points.length < max && (
          <Button variant="light" w="fit-content" onClick={() => set([...points, [Math.round(i.image.width / 2), Math.round(i.image.height / 2)]])}>
            {t("interactions.addPoint")}
          </Button>
        )}
      </Stack>
    </Group>
  );
}
