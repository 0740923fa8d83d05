import type { Element } from "@xmldom/xmldom";
import {
  QTI_BASE_TYPES,
  QTI_CARDINALITIES,
  QTI_OPERATORS,
  QTI_TEMPLATES,
  type OutcomeDeclaration,
  type QtiBaseType,
  type QtiCardinality,
  type QtiExpression,
  type QtiOperator,
  type QtiRule,
  type ResponseDeclaration,
  type ResponseProcessing,
} from "@parlance/contract";
import { parseSingle, parseValues } from "./values.js";
import { attr, boolAttr, childElements, firstChild, localName, numAttr, textOf } from "./xml.js";

/** Response and outcome declarations and response processing of an item (qti-processing.ts shapes). */

const cardinalityOf = (el: Element): QtiCardinality | null => {
  const c = attr(el, "cardinality") ?? "single";
  return (QTI_CARDINALITIES as readonly string[]).includes(c) ? (c as QtiCardinality) : null;
};
const baseTypeOf = (el: Element): QtiBaseType | null => {
  const b = attr(el, "base-type");
  return b !== null && (QTI_BASE_TYPES as readonly string[]).includes(b) ? (b as QtiBaseType) : null;
};

export function parseResponseDeclaration(el: Element, problems: string[]): ResponseDeclaration | null {
  const id = attr(el, "identifier") ?? "";
  const cardinality = cardinalityOf(el);
  const baseType = baseTypeOf(el);
  if (!cardinality || !baseType) {
    problems.push(`Its response '${id}' has cardinality '${attr(el, "cardinality")}' and base type '${attr(el, "base-type")}': Parlance takes single, multiple or ordered values of ${QTI_BASE_TYPES.join(", ")}.`);
    return null;
  }
  const correctEl = firstChild(el, "qti-correct-response");
  let correct = null;
  if (correctEl) {
    const parsed = parseValues(correctEl, cardinality, baseType);
    if (parsed.bad !== null) problems.push(`The correct response of '${id}' has the value '${parsed.bad}', which is not a ${baseType}.`);
    correct = parsed.value;
  }
  const mapEl = firstChild(el, "qti-mapping");
  const mapping = mapEl
    ? {
        default_value: numAttr(mapEl, "default-value") ?? 0,
        lower_bound: numAttr(mapEl, "lower-bound"),
        upper_bound: numAttr(mapEl, "upper-bound"),
        entries: childElements(mapEl, "qti-map-entry").flatMap((e) => {
          const key = parseSingle(attr(e, "map-key") ?? "", baseType);
          if (key === null || typeof key === "number" || typeof key === "boolean" || (Array.isArray(key) && typeof key[0] !== "string")) {
            problems.push(`A map entry of '${id}' has the key '${attr(e, "map-key")}', which is not a ${baseType}.`);
            return [];
          }
          return [{ key: key as string | [string, string], value: numAttr(e, "mapped-value") ?? 0, case_sensitive: boolAttr(e, "case-sensitive", true) }];
        }),
      }
    : null;
  const areaEl = firstChild(el, "qti-area-mapping");
  const area_mapping = areaEl
    ? {
        default_value: numAttr(areaEl, "default-value") ?? 0,
        lower_bound: numAttr(areaEl, "lower-bound"),
        upper_bound: numAttr(areaEl, "upper-bound"),
        areas: childElements(areaEl, "qti-area-map-entry").map((e) => ({
          shape: (["rect", "circle", "poly", "ellipse", "default"].includes(attr(e, "shape") ?? "") ? attr(e, "shape") : "default") as "rect",
          coords: (attr(e, "coords") ?? "").split(/[\s,]+/).filter(Boolean).map(Number).filter(Number.isFinite),
          value: numAttr(e, "mapped-value") ?? 0,
        })),
      }
    : null;
  return { id, cardinality, base_type: baseType, correct, mapping, area_mapping };
}

export function parseOutcomeDeclaration(el: Element, problems: string[]): OutcomeDeclaration | null {
  const id = attr(el, "identifier") ?? "";
  const cardinality = cardinalityOf(el);
  const baseType = baseTypeOf(el);
  if (!cardinality) {
    problems.push(`Its outcome '${id}' has the cardinality '${attr(el, "cardinality")}', which Parlance does not score.`);
    return null;
  }
  const defEl = firstChild(el, "qti-default-value");
  const def = defEl && baseType ? parseValues(defEl, cardinality, baseType).value : null;
  return { id, cardinality, base_type: baseType, default_value: def, normal_maximum: numAttr(el, "normal-maximum"), normal_minimum: numAttr(el, "normal-minimum") };
}

/** qti-sum → "sum" (our operator names). */
const opOf = (el: Element): QtiOperator | null => {
  const name = localName(el).replace(/^qti-/, "").replace(/-/g, "_");
  return (QTI_OPERATORS as readonly string[]).includes(name) ? (name as QtiOperator) : null;
};

/** Attributes copied as they are (tolerance, case sensitivity, n …); identifier and base type are fields. */
const SKIP_ATTRS = new Set(["identifier", "base-type"]);

function parseExpression(el: Element, problems: string[]): QtiExpression | null {
  const op = opOf(el);
  if (!op) {
    problems.push(`Its response processing uses <${localName(el)}>, which Parlance does not run.`);
    return null;
  }
  const expr: QtiExpression = { op };
  const id = attr(el, "identifier");
  if (id !== null) expr.id = id;
  if (op === "base_value") {
    const bt = baseTypeOf(el);
    const v = bt ? parseSingle(textOf(el), bt) : null;
    if (!bt || v === null) {
      problems.push(`A <qti-base-value> of its response processing reads '${textOf(el).slice(0, 60)}' as ${attr(el, "base-type")}, which is not such a value.`);
      return null;
    }
    expr.base_type = bt;
    expr.value = v;
  }
  const attrs: Record<string, string> = {};
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (!SKIP_ATTRS.has(a.name) && !a.name.startsWith("xmlns")) attrs[a.name] = a.value;
  }
  if (Object.keys(attrs).length) expr.attrs = attrs;
  const args: QtiExpression[] = [];
  for (const c of childElements(el)) {
    const child = parseExpression(c, problems);
    if (!child) return null;
    args.push(child);
  }
  if (args.length) expr.args = args;
  return expr;
}

function parseRules(parent: Element, problems: string[]): QtiRule[] {
  const rules: QtiRule[] = [];
  for (const el of childElements(parent)) {
    const tag = localName(el);
    if (tag === "qti-response-condition") {
      const branches: { when: QtiExpression | null; then: QtiRule[] }[] = [];
      for (const b of childElements(el)) {
        const bt = localName(b);
        if (bt === "qti-response-else") {
          branches.push({ when: null, then: parseRules(b, problems) });
          continue;
        }
        if (bt !== "qti-response-if" && bt !== "qti-response-else-if") {
          problems.push(`Its response processing has <${bt}> inside a condition.`);
          continue;
        }
        const [cond, ...body] = childElements(b);
        const when = cond ? parseExpression(cond, problems) : null;
        if (!when) continue;
        const holder = b.cloneNode(false) as Element;
        for (const r of body) holder.appendChild(r.cloneNode(true));
        branches.push({ when, then: parseRules(holder, problems) });
      }
      if (branches.length) rules.push({ rule: "condition", branches });
    } else if (tag === "qti-set-outcome-value") {
      const [e] = childElements(el);
      const expr = e ? parseExpression(e, problems) : null;
      if (expr) rules.push({ rule: "set_outcome", id: attr(el, "identifier") ?? "", expr });
    } else if (tag === "qti-exit-response") {
      rules.push({ rule: "exit" });
    } else {
      problems.push(`Its response processing uses <${tag}>, which Parlance does not run.`);
    }
  }
  return rules;
}

/** A template URI or name (…/rptemplates/match_correct.xml, match_correct) → the template, or null. */
export function templateOf(uri: string): (typeof QTI_TEMPLATES)[number] | null {
  const name = uri.trim().replace(/[?#].*$/, "").split("/").pop()?.replace(/\.xml$/i, "") ?? "";
  return (QTI_TEMPLATES as readonly string[]).includes(name) ? (name as (typeof QTI_TEMPLATES)[number]) : null;
}

export function parseResponseProcessing(el: Element | undefined, problems: string[]): ResponseProcessing {
  if (!el) return { type: "none" };
  const template = attr(el, "template");
  if (template !== null && childElements(el).length === 0) {
    const t = templateOf(template);
    if (!t) problems.push(`Its response processing template '${template}' is not one Parlance runs (match_correct, map_response, map_response_point).`);
    return t ? { type: "template", template: t } : { type: "none" };
  }
  return { type: "rules", rules: parseRules(el, problems) };
}
