import type { ReactNode } from "react";
import type { Interaction, InteractionKind, InteractionOf, QtiValue } from "@parlance/contract";

/** What every interaction component gets from the item it stands in. */
export interface InteractionProps<K extends InteractionKind = InteractionKind> {
  interaction: InteractionOf<K>;
  /** Its value in the item's response (undefined: not answered). */
  value: QtiValue | undefined;
  /** A new value (null: cleared); the item encodes the whole response and hands it to the answer store. */
  onChange: (value: QtiValue | null) => void;
  /** The evaluator's page, or an item whose attempt has ended: shown, not changed. */
  readOnly: boolean;
  /** The accessible name of the control: "Question 3" (and "blank 2" for a gap of a cloze). */
  name: string;
  /** A stable seed for the order of shuffled choices (the same after a reload). */
  seed: string;
  /** The media interaction's player, given by the runner (play limits are counted by the server). */
  renderMedia?: MediaRenderer;
}

export type MediaRenderer = (interaction: InteractionOf<"media">, name: string, onPlays: (plays: number) => void) => ReactNode;

export type AnyInteractionProps = InteractionProps & { interaction: Interaction };

/** A text value (text entry, extended text), or "". */
export const textValue = (v: QtiValue | undefined): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** The identifiers of a single or multiple value. */
export function idsValue(v: QtiValue | undefined): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return (v as unknown[]).filter((x): x is string => typeof x === "string");
  return [];
}

/** The pairs of a multiple pair value (a single pair is one pair). */
export function pairsValue(v: QtiValue | undefined): [string, string][] {
  if (!Array.isArray(v)) return [];
  if (v.length === 2 && typeof v[0] === "string" && typeof v[1] === "string") return [[v[0], v[1]]];
  return (v as unknown[]).filter((p): p is [string, string] => Array.isArray(p) && typeof p[0] === "string" && typeof p[1] === "string");
}

/** The points of a select point value ([x,y] or [[x,y],…]). */
export function pointsValue(v: QtiValue | undefined): [number, number][] {
  if (!Array.isArray(v)) return [];
  if (v.length === 2 && typeof v[0] === "number" && typeof v[1] === "number") return [[v[0], v[1]]];
  return (v as unknown[]).filter((p): p is [number, number] => Array.isArray(p) && typeof p[0] === "number" && typeof p[1] === "number");
}
