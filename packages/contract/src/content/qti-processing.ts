import { z } from "zod";
import { QTI_BASE_TYPES, QTI_CARDINALITIES, candidateQtiItem, qtiIdentifier, type QtiBaseType, type QtiCardinality } from "./interactions.js";

/**
 * The SERVER-ONLY part of a QTI item: response and outcome declarations (correct responses,
 * mappings, area mappings) and response processing. Stored in the content version, never sent to a
 * candidate (taking/view.ts picks the candidate part, interactions.ts `candidateQtiItem`).
 *
 * Values use the same JSON shapes as saved responses (qti-response.ts): a single value is a string
 * (identifier, string), a number (integer, float), a boolean, or a two-element array (pair and
 * directedPair as [id, id], point as [x, y]); multiple and ordered values are arrays of those.
 */

export type QtiSingle = string | number | boolean | [string, string] | [number, number];
/** null is QTI's NULL (no value; an empty container is NULL too). */
export type QtiValue = QtiSingle | QtiSingle[] | null;

const single = z.union([z.string().max(100_000), z.number(), z.boolean(), z.tuple([z.string().max(64), z.string().max(64)]), z.tuple([z.number(), z.number()])]);
export const qtiValue: z.ZodType<QtiValue> = z.union([single, z.array(single).max(1000), z.null()]);

const mapEntry = z.object({
  /** The mapped value: an identifier or string, or a pair [a, b]. */
  key: z.union([z.string().max(1000), z.tuple([z.string().max(64), z.string().max(64)])]),
  value: z.number(),
  case_sensitive: z.boolean().default(true),
});
export const qtiMapping = z.object({
  default_value: z.number().default(0),
  lower_bound: z.number().nullable().default(null),
  upper_bound: z.number().nullable().default(null),
  entries: z.array(mapEntry).max(1000),
});
export type QtiMapping = z.infer<typeof qtiMapping>;

export const qtiAreaMapping = z.object({
  default_value: z.number().default(0),
  lower_bound: z.number().nullable().default(null),
  upper_bound: z.number().nullable().default(null),
  areas: z.array(z.object({ shape: z.enum(["rect", "circle", "poly", "ellipse", "default"]), coords: z.array(z.number()).max(200), value: z.number() })).max(200),
});
export type QtiAreaMapping = z.infer<typeof qtiAreaMapping>;

export const responseDeclaration = z.object({
  id: qtiIdentifier,
  cardinality: z.enum(QTI_CARDINALITIES),
  base_type: z.enum(QTI_BASE_TYPES),
  correct: qtiValue.default(null),
  mapping: qtiMapping.nullable().default(null),
  area_mapping: qtiAreaMapping.nullable().default(null),
});
export type ResponseDeclaration = z.infer<typeof responseDeclaration>;

export const outcomeDeclaration = z.object({
  id: qtiIdentifier,
  cardinality: z.enum(QTI_CARDINALITIES).default("single"),
  base_type: z.enum(QTI_BASE_TYPES).nullable().default("float"),
  default_value: qtiValue.default(null),
  normal_maximum: z.number().nullable().default(null),
  normal_minimum: z.number().nullable().default(null),
});
export type OutcomeDeclaration = z.infer<typeof outcomeDeclaration>;

/**
 * Expression operators of inline response processing, named after QTI's elements without their
 * qti- prefix in snake case (qti-map-response → map_response). `args` are the child expressions.
 */
export const QTI_OPERATORS = [
  "base_value", "variable", "correct", "default", "null", "map_response", "map_response_point",
  "match", "member", "is_null", "sum", "product", "subtract", "divide", "equal", "equal_rounded",
  "multiple", "ordered", "container_size", "and", "or", "not", "gt", "gte", "lt", "lte", "contains",
  "string_match", "substring", "delete", "index", "round", "truncate", "integer_divide", "power",
  "min", "max", "any_n", "inside", "field_value", "pattern_match",
] as const;
export type QtiOperator = (typeof QTI_OPERATORS)[number];

export interface QtiExpression {
  op: QtiOperator;
  /** variable, correct, default, map_response, map_response_point: the variable's identifier. */
  id?: string;
  /** base_value: its base type and value. */
  base_type?: QtiBaseType;
  value?: QtiValue;
  /** Other attributes as QTI writes them (case-sensitive, tolerance-mode, n, min, max, shape, coords, pattern …). */
  attrs?: Record<string, string>;
  args?: QtiExpression[];
}
export const qtiExpression: z.ZodType<QtiExpression> = z.lazy(() =>
  z.object({
    op: z.enum(QTI_OPERATORS),
    id: qtiIdentifier.optional(),
    base_type: z.enum(QTI_BASE_TYPES).optional(),
    value: qtiValue.optional(),
    attrs: z.record(z.string().max(64), z.string().max(1000)).optional(),
    args: z.array(qtiExpression).max(100).optional(),
  }),
);

export type QtiRule =
  /** qti-response-condition: the first branch whose `when` is true runs (`when` null: the else branch). */
  | { rule: "condition"; branches: { when: QtiExpression | null; then: QtiRule[] }[] }
  /** qti-set-outcome-value. */
  | { rule: "set_outcome"; id: string; expr: QtiExpression }
  /** qti-exit-response. */
  | { rule: "exit" };
export const qtiRule: z.ZodType<QtiRule> = z.lazy(() =>
  z.discriminatedUnion("rule", [
    z.object({ rule: z.literal("condition"), branches: z.array(z.object({ when: qtiExpression.nullable(), then: z.array(qtiRule).max(200) })).min(1).max(50) }),
    z.object({ rule: z.literal("set_outcome"), id: qtiIdentifier, expr: qtiExpression }),
    z.object({ rule: z.literal("exit") }),
  ]),
);

/** The standard templates (by their URI's last part or name), or inline rules, or none (scored by hand). */
export const QTI_TEMPLATES = ["match_correct", "map_response", "map_response_point"] as const;
export type QtiTemplate = (typeof QTI_TEMPLATES)[number];
export const responseProcessing = z.discriminatedUnion("type", [
  z.object({ type: z.literal("template"), template: z.enum(QTI_TEMPLATES) }),
  z.object({ type: z.literal("rules"), rules: z.array(qtiRule).max(500) }),
  z.object({ type: z.literal("none") }),
]);
export type ResponseProcessing = z.infer<typeof responseProcessing>;

/** The QTI fields of a content item of kind "qti" (format.ts adds id, numbered and the display flags). */
export const qtiItemFields = {
  ...candidateQtiItem.shape,
  /** The item's identifier in its package (qti-assessment-item identifier), kept for export. */
  identifier: qtiIdentifier,
  responses: z.array(responseDeclaration).max(100),
  outcomes: z.array(outcomeDeclaration).max(100),
  processing: responseProcessing,
  /** The SCORE a perfect response earns (normal-maximum, or worked out at import); null: not machine-scored. */
  max_score: z.number().min(0).nullable(),
  /** Package files the body and interactions use, as media/… paths (stored like our media). */
  media: z.array(z.string().max(500)).max(100).default([]),
  /** Not answered by the candidate unless a required interaction is left empty. */
  required: z.boolean().default(false),
};

/** Whether an item of this shape is scored by the machine (it has response processing that sets SCORE). */
export const isMachineScored = (item: { processing: ResponseProcessing; max_score: number | null }): boolean =>
  item.processing.type !== "none" && item.max_score !== null;

export type { QtiBaseType, QtiCardinality };

/** Problems between a QTI item's fields (the importer reports them by item; content files get them too). */
export function qtiItemProblems(item: { id: string; interactions: { response_id: string; cardinality: QtiCardinality; base_type: QtiBaseType }[]; responses: ResponseDeclaration[] }): string[] {
  const errors: string[] = [];
  const declared = new Map(item.responses.map((r) => [r.id, r]));
  if (declared.size !== item.responses.length) errors.push(`Item '${item.id}' declares a response identifier twice.`);
  const used = new Set<string>();
  for (const i of item.interactions) {
    const d = declared.get(i.response_id);
    if (used.has(i.response_id)) errors.push(`Item '${item.id}': two interactions set the response '${i.response_id}'.`);
    used.add(i.response_id);
    if (!d) errors.push(`Item '${item.id}': the interaction of response '${i.response_id}' has no response declaration.`);
    else if (d.cardinality !== i.cardinality || d.base_type !== i.base_type) {
      errors.push(`Item '${item.id}': the response '${i.response_id}' is declared ${d.cardinality} ${d.base_type} but its interaction takes ${i.cardinality} ${i.base_type}.`);
    }
  }
  return errors;
}
