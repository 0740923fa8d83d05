import { FLAG_CODES, FLAG_SIZE } from "./flagSprite";
import sprite from "./flags.png";

const INDEX = new Map(FLAG_CODES.map((code, i) => [code, i]));

/**
 * A country's flag from the sprite (spec: "flag sprites on a 16 px grid"; scripts/make-flag-sprite.mjs),
 * not an emoji flag, which shows as letters or boxes where no emoji font has it. Decorative: the
 * country's name is always beside it. A country the sprite lacks gets an empty frame of the same size.
 */
export function Flag({ iso }: { iso: string }) {
  const i = INDEX.get(iso.toLowerCase());
  const { width, height, columns } = FLAG_SIZE;
  return (
    <span
      aria-hidden="true"
      data-flag={i === undefined ? undefined : iso}
      style={{
        display: "inline-block",
        flex: "none",
        width,
        height,
        boxShadow: "0 0 0 1px rgba(0, 0, 0, 0.15)",
        background: i === undefined ? "transparent" : `url(${sprite}) -${(i % columns) * width}px -${Math.floor(i / columns) * height}px no-repeat`,
      }}
    />
  );
}
