import type { QtiBaseType, QtiCardinality, QtiSingle, QtiValue } from "@parlance/contract";
import type { Element } from "@xmldom/xmldom";
import { childElements, textOf } from "./xml.js";

/** QTI's value text (qti-value, map-key, base-value) to our JSON value, by base type; null when it does not read. */
export function parseSingle(text: string, baseType: QtiBaseType): QtiSingle | null {
  const t = baseType === "string" ? text : text.trim();
  switch (baseType) {
    case "identifier":
    case "string":
      return t;
    case "pair":
    case "directedPair": {
      const parts = t.split(/\s+/);
      return parts.length === 2 ? [parts[0], parts[1]] : null;
    }
    case "point": {
      const parts = t.split(/\s+/).map(Number);
      return parts.length === 2 && parts.every(Number.isFinite) ? [parts[0], parts[1]] : null;
    }
    case "integer": {
      const n = Number(t);
      return Number.isInteger(n) ? n : null;
    }
    case "float": {
      const n = Number(t);
      return t !== "" && Number.isFinite(n) ? n : null;
    }
    case "boolean":
      return t === "true" || t === "1" ? true : t === "false" || t === "0" ? false : null;
  }
}

/** Our JSON value back to QTI's text. */
export function formatSingle(v: QtiSingle): string {
  if (Array.isArray(v)) return `${v[0]} ${v[1]}`;
  return String(v);
}

/** The qti-value children of an element (qti-correct-response, qti-default-value) as one value of the cardinality. */
export function parseValues(el: Element, cardinality: QtiCardinality, baseType: QtiBaseType): { value: QtiValue; bad: string | null } {
  const values: QtiSingle[] = [];
  for (const v of childElements(el, "qti-value")) {
    const parsed = parseSingle(textOf(v), baseType);
    if (parsed === null) return { value: null, bad: textOf(v).slice(0, 100) };
    values.push(parsed);
  }
  if (values.length === 0) return { value: null, bad: null };
  return { value: cardinality === "single" ? values[0] : values, bad: null };
}

/** A value as a list of singles (NULL: empty). A pair or point is one single, not a list. */
export function asList(v: QtiValue, cardinality: QtiCardinality): QtiSingle[] {
  if (v === null) return [];
  if (cardinality === "single") return [v as QtiSingle];
  return v as QtiSingle[];
}
