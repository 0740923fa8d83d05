/**
 * What a candidate's action does to an interaction's answer, as pure functions (the components only
 * call these): identifiers chosen, an order, pairs made. A limit of 0 means "no limit", as QTI's
 * max-choices, max-associations and match-max say it.
 */

/** A pair of identifiers: [choice, gap] in a gap match, [source, target] in a match, either way in an associate. */
export type Pair = readonly [string, string];

const within = (count: number, max: number) => max === 0 || count < max;

/** Multiple choice / hot text / hotspot: a tick adds the choice (unless max is reached), an untick removes it. */
export function toggleChoice(selected: readonly string[], id: string, max: number): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  return within(selected.length, max) ? [...selected, id] : [...selected];
}

/** Whether one more choice can be ticked (the others are offered disabled once max is reached). */
export const canAddChoice = (selected: readonly string[], max: number) => within(selected.length, max);

/** Order: the item at `index` moves one place up (-1) or down (+1); at an end nothing moves. */
export function moveItem(order: readonly string[], index: number, delta: -1 | 1): string[] {
  const to = index + delta;
  if (index < 0 || index >= order.length || to < 0 || to >= order.length) return [...order];
  const out = [...order];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** How many pairs use an identifier (on either side). */
export const uses = (pairs: readonly Pair[], id: string) => pairs.filter((p) => p[0] === id || p[1] === id).length;

/**
 * Gap match, select-then-place: `choice` goes into `gap`. A gap holds one choice (what was there
 * is replaced); a choice fills at most `matchMax` gaps (0: any number), so placing it once more
 * than that is refused.
 */
export function placeInGap(pairs: readonly Pair[], choice: string, gap: string, matchMax: number): Pair[] {
  const rest = pairs.filter((p) => p[1] !== gap);
  if (!within(rest.filter((p) => p[0] === choice).length, matchMax)) return [...pairs];
  return [...rest, [choice, gap] as const];
}

/** Gap match: the gap is emptied. */
export const clearGap = (pairs: readonly Pair[], gap: string): Pair[] => pairs.filter((p) => p[1] !== gap);

/** The choice in a gap, if any. */
export const choiceInGap = (pairs: readonly Pair[], gap: string) => pairs.find((p) => p[1] === gap)?.[0];

export interface PairLimits {
  /** Most pairs in all (max-associations; 0: no limit). */
  maxAssociations: number;
  /** Each identifier's match-max (0: no limit); missing ones are unlimited. */
  matchMax: Readonly<Record<string, number>>;
}

const samePair = (a: Pair, b: Pair, directed: boolean) => (a[0] === b[0] && a[1] === b[1]) || (!directed && a[0] === b[1] && a[1] === b[0]);

/** Whether the pair is made already (an associate's pair either way round). */
export const hasPair = (pairs: readonly Pair[], pair: Pair, directed: boolean) => pairs.some((p) => samePair(p, pair, directed));

/** Whether a new pair may be made: not the same identifier twice, not made already, within every limit. */
export function canPair(pairs: readonly Pair[], pair: Pair, directed: boolean, limits: PairLimits): boolean {
  if (pair[0] === pair[1] || hasPair(pairs, pair, directed)) return false;
  if (!within(pairs.length, limits.maxAssociations)) return false;
  return pair.every((id) => within(uses(pairs, id), limits.matchMax[id] ?? 0));
}

/** Match (directed) and associate (undirected): the pair is made when allowed, or unmade when it was made. */
export function togglePair(pairs: readonly Pair[], pair: Pair, directed: boolean, limits: PairLimits): Pair[] {
  if (hasPair(pairs, pair, directed)) return pairs.filter((p) => !samePair(p, pair, directed));
  return canPair(pairs, pair, directed, limits) ? [...pairs, pair] : [...pairs];
}

/** A small string hash (FNV-1a) seeding the shuffle. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * QTI shuffle: the choices not marked fixed change places, the fixed ones keep theirs. The order
 * follows the seed (the attempt and the item), so a reload or a return to the page shows the same.
 */
export function shuffled<T extends { id: string; fixed?: boolean }>(choices: readonly T[], seed: string): T[] {
  let state = hash(seed) || 1;
  const random = () => {
    // xorshift32: enough to mix a list, the same on every browser.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const free = choices.filter((c) => !c.fixed);
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  let next = 0;
  return choices.map((c) => (c.fixed ? c : free[next++]!));
}

/** A hotspot's box over its image, in percent of the image (left, top, width, height). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box around a QTI shape (coords in image pixels: rect x1,y1,x2,y2; circle x,y,r; ellipse x,y,rx,ry; poly x1,y1,…). */
export function hotspotBox(shape: string, coords: readonly number[], width: number, height: number): Box {
  let [x1, y1, x2, y2] = [0, 0, width, height];
  if (shape === "rect" && coords.length >= 4) [x1, y1, x2, y2] = [Math.min(coords[0]!, coords[2]!), Math.min(coords[1]!, coords[3]!), Math.max(coords[0]!, coords[2]!), Math.max(coords[1]!, coords[3]!)];
  else if (shape === "circle" && coords.length >= 3) [x1, y1, x2, y2] = [coords[0]! - coords[2]!, coords[1]! - coords[2]!, coords[0]! + coords[2]!, coords[1]! + coords[2]!];
  else if (shape === "ellipse" && coords.length >= 4) [x1, y1, x2, y2] = [coords[0]! - coords[2]!, coords[1]! - coords[3]!, coords[0]! + coords[2]!, coords[1]! + coords[3]!];
  else if (shape === "poly" && coords.length >= 6) {
    const xs = coords.filter((_, i) => i % 2 === 0);
    const ys = coords.filter((_, i) => i % 2 === 1);
    [x1, y1, x2, y2] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  [x1, x2] = [clamp(x1, width), clamp(x2, width)];
  [y1, y2] = [clamp(y1, height), clamp(y2, height)];
  const pct = (v: number, of: number) => Math.round((v / of) * 10000) / 100;
  return { left: pct(x1, width), top: pct(y1, height), width: pct(x2 - x1, width), height: pct(y2 - y1, height) };
}
