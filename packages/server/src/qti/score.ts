import type { QtiBaseType, QtiCardinality, QtiExpression, QtiResponse, QtiRule, QtiSingle, QtiValue, QtiAreaMapping, QtiMapping } from "@parlance/contract";
import type { QtiItem } from "./view.js";
import { asList } from "./values.js";

/**
 * Response processing (QTI 3 §response processing), run on the server at submit and never in the
 * browser: the standard templates and the inline rules (conditions, set-outcome-value, exit) over
 * the expression operators of qti-processing.ts. NULL is null; an empty container is NULL.
 */

type V = { c: QtiCardinality; b: QtiBaseType | null; v: QtiSingle[] } | null;
type Scorable = Pick<QtiItem, "responses" | "outcomes" | "processing">;

const single = (b: QtiBaseType | null, x: QtiSingle): V => ({ c: "single", b, v: [x] });
const bool = (x: boolean): V => single("boolean", x);
const num = (x: number): V => (Number.isFinite(x) ? single(Number.isInteger(x) ? "integer" : "float", x) : null);
const numOf = (x: V): number | null => (x && x.v.length === 1 && typeof x.v[0] === "number" ? x.v[0] : null);
const boolOf = (x: V): boolean | null => (x && x.v.length === 1 && typeof x.v[0] === "boolean" ? x.v[0] : null);

function sameSingle(a: QtiSingle, b: QtiSingle, base: QtiBaseType | null, caseSensitive = true): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a[0] === b[0] && a[1] === b[1]) return true;
    return base === "pair" && a[0] === b[1] && a[1] === b[0];
  }
  if (typeof a === "string" && typeof b === "string" && !caseSensitive) return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

/** Multiset equality for multiple, sequence equality for ordered, value equality for single. */
function matches(a: V, b: V): boolean | null {
  if (a === null || b === null) return null;
  if (a.c === "ordered" || b.c === "ordered") return a.v.length === b.v.length && a.v.every((x, i) => sameSingle(x, b.v[i], a.b ?? b.b));
  if (a.v.length !== b.v.length) return false;
  const rest = [...b.v];
  for (const x of a.v) {
    const i = rest.findIndex((y) => sameSingle(x, y, a.b ?? b.b));
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

const clamp = (x: number, lower: number | null, upper: number | null) => Math.min(upper ?? Infinity, Math.max(lower ?? -Infinity, x));

export function mapResponse(mapping: QtiMapping, value: V, base: QtiBaseType | null): number {
  if (value === null) return clamp(0, mapping.lower_bound, mapping.upper_bound);
  // Each distinct value counts once, each entry at most once.
  const seen: QtiSingle[] = [];
  let total = 0;
  for (const x of value.v) {
    if (seen.some((y) => sameSingle(x, y, base))) continue;
    seen.push(x);
    const entry = mapping.entries.find((e) => sameSingle(x, e.key, base, e.case_sensitive));
    total += entry ? entry.value : mapping.default_value;
  }
  return clamp(total, mapping.lower_bound, mapping.upper_bound);
}

/** Whether (x, y) is inside a QTI shape (rect x1,y1,x2,y2; circle cx,cy,r; ellipse cx,cy,rx,ry; poly x1,y1,…). */
export function inside(shape: string, coords: number[], x: number, y: number): boolean {
  switch (shape) {
    case "rect":
      return x >= Math.min(coords[0], coords[2]) && x <= Math.max(coords[0], coords[2]) && y >= Math.min(coords[1], coords[3]) && y <= Math.max(coords[1], coords[3]);
    case "circle":
      return (x - coords[0]) ** 2 + (y - coords[1]) ** 2 <= coords[2] ** 2;
    case "ellipse":
      return ((x - coords[0]) / coords[2]) ** 2 + ((y - coords[1]) / coords[3]) ** 2 <= 1;
    case "poly": {
      let hit = false;
      const n = Math.floor(coords.length / 2);
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const [xi, yi, xj, yj] = [coords[2 * i], coords[2 * i + 1], coords[2 * j], coords[2 * j + 1]];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
      }
      return hit;
    }
    default:
      return true;
  }
}

export function mapResponsePoint(mapping: QtiAreaMapping, value: V): number {
  if (value === null) return clamp(0, mapping.lower_bound, mapping.upper_bound);
  const used = new Set<number>();
  let total = 0;
  for (const p of value.v) {
    if (!Array.isArray(p) || typeof p[0] !== "number") continue;
    const i = mapping.areas.findIndex((a) => inside(a.shape, a.coords, p[0] as number, p[1] as number));
    if (i < 0) total += mapping.default_value;
    else if (!used.has(i)) {
      used.add(i);
      total += mapping.areas[i].value;
    }
  }
  return clamp(total, mapping.lower_bound, mapping.upper_bound);
}

/** A stored value as a runtime value (an empty container or "" string response of a container is NULL). */
function toV(value: QtiValue | undefined, c: QtiCardinality, b: QtiBaseType | null): V {
  if (value === null || value === undefined) return null;
  let list = asList(value, c);
  // A number typed into a text entry arrives as text.
  if (b === "integer" || b === "float") list = list.map((x) => (typeof x === "string" && x.trim() !== "" && Number.isFinite(Number(x)) ? Number(x) : x)).filter((x) => typeof x === "number");
  if (b === "string") list = list.filter((x) => typeof x !== "string" || x !== "");
  return list.length ? { c, b, v: list } : null;
}

const fromV = (x: V): QtiValue => (x === null ? null : x.c === "single" ? x.v[0] : x.v);

class Exit extends Error {}

/** The outcomes of processing one response; SCORE is the item's score (null: not machine-scored). */
export function processResponse(item: Scorable, response: QtiResponse): { score: number | null; outcomes: Record<string, QtiValue> } {
  const responses = new Map(item.responses.map((d) => [d.id, d]));
  const vars = new Map<string, V>();
  for (const d of item.responses) vars.set(d.id, toV(response[d.id], d.cardinality, d.base_type));
  const outcomeDecl = new Map(item.outcomes.map((o) => [o.id, o]));
  if (!outcomeDecl.has("SCORE")) outcomeDecl.set("SCORE", { id: "SCORE", cardinality: "single", base_type: "float", default_value: null, normal_maximum: null, normal_minimum: null });
  for (const o of outcomeDecl.values()) {
    const numeric = o.cardinality === "single" && (o.base_type === "float" || o.base_type === "integer");
    vars.set(o.id, o.default_value !== null ? toV(o.default_value, o.cardinality, o.base_type) : numeric ? num(0) : null);
  }

  const evalArgs = (e: QtiExpression) => (e.args ?? []).map(ev);
  function ev(e: QtiExpression): V {
    const a = e.attrs ?? {};
    switch (e.op) {
      case "base_value":
        return e.value === undefined || e.value === null ? null : single(e.base_type ?? null, e.value as QtiSingle);
      case "variable":
        return vars.get(e.id ?? "") ?? null;
      case "correct": {
        const d = responses.get(e.id ?? "");
        return d ? toV(d.correct, d.cardinality, d.base_type) : null;
      }
      case "default": {
        const o = outcomeDecl.get(e.id ?? "");
        return o ? toV(o.default_value, o.cardinality, o.base_type) : null;
      }
      case "null":
        return null;
      case "map_response": {
        const d = responses.get(e.id ?? "");
        return d?.mapping ? num(mapResponse(d.mapping, vars.get(d.id) ?? null, d.base_type)) : null;
      }
      case "map_response_point": {
        const d = responses.get(e.id ?? "");
        return d?.area_mapping ? num(mapResponsePoint(d.area_mapping, vars.get(d.id) ?? null)) : null;
      }
      case "match": {
        const [x, y] = evalArgs(e);
        const m = matches(x, y);
        return m === null ? null : bool(m);
      }
      case "member": {
        const [x, y] = evalArgs(e);
        if (x === null || y === null) return null;
        return bool(y.v.some((v) => sameSingle(x.v[0], v, y.b ?? x.b)));
      }
      case "is_null":
        return bool(ev(e.args![0]) === null);
      case "sum":
      case "product":
      case "min":
      case "max": {
        const ns = evalArgs(e).flatMap((x) => (x === null ? [NaN] : x.v.map((v) => (typeof v === "number" ? v : NaN))));
        if (ns.some(Number.isNaN) || ns.length === 0) return null;
        const r = e.op === "sum" ? ns.reduce((s, x) => s + x, 0) : e.op === "product" ? ns.reduce((s, x) => s * x, 1) : e.op === "min" ? Math.min(...ns) : Math.max(...ns);
        return num(r);
      }
      case "subtract":
      case "divide":
      case "power":
      case "integer_divide": {
        const [x, y] = evalArgs(e).map(numOf);
        if (x === null || y === null || x === undefined || y === undefined) return null;
        if ((e.op === "divide" || e.op === "integer_divide") && y === 0) return null;
        return num(e.op === "subtract" ? x - y : e.op === "divide" ? x / y : e.op === "power" ? x ** y : Math.floor(x / y));
      }
      case "round":
      case "truncate": {
        const x = numOf(ev(e.args![0]));
        return x === null ? null : num(e.op === "round" ? Math.floor(x + 0.5) : Math.trunc(x));
      }
      case "equal":
      case "equal_rounded": {
        const [x, y] = evalArgs(e).map(numOf);
        if (x === null || y === null || x === undefined || y === undefined) return null;
        if (e.op === "equal_rounded") {
          const figures = Number(a.figures ?? "0");
          const r = (v: number) => (a["rounding-mode"] === "decimalPlaces" ? Number(v.toFixed(figures)) : Number(v.toPrecision(Math.max(1, figures))));
          return bool(r(x) === r(y));
        }
        const mode = a["tolerance-mode"] ?? "exact";
        const [t0, t1 = t0] = (a.tolerance ?? "0").split(/\s+/).map(Number);
        if (mode === "exact") return bool(x === y);
        const low = mode === "absolute" ? x - t0 : x * (1 - t0 / 100);
        const high = mode === "absolute" ? x + t1 : x * (1 + t1 / 100);
        const lowOk = a["include-lower-bound"] === "false" ? y > low : y >= low;
        const highOk = a["include-upper-bound"] === "false" ? y < high : y <= high;
        return bool(lowOk && highOk);
      }
      case "multiple":
      case "ordered": {
        const xs = evalArgs(e).filter((x): x is NonNullable<V> => x !== null);
        const v = xs.flatMap((x) => x.v);
        return v.length ? { c: e.op, b: xs[0].b, v } : null;
      }
      case "container_size": {
        const x = ev(e.args![0]);
        return num(x === null ? 0 : x.v.length);
      }
      case "and":
      case "or": {
        const bs = evalArgs(e).map(boolOf);
        if (e.op === "and" && bs.includes(false)) return bool(false);
        if (e.op === "or" && bs.includes(true)) return bool(true);
        return bs.includes(null) ? null : bool(e.op === "and");
      }
      case "not": {
        const b = boolOf(ev(e.args![0]));
        return b === null ? null : bool(!b);
      }
      case "any_n": {
        const bs = evalArgs(e).map(boolOf);
        const t = bs.filter((b) => b === true).length;
        const min = Number(a.min ?? "0");
        const max = a.max === undefined ? Infinity : Number(a.max);
        if (t >= min && t <= max) return bool(true);
        return t + bs.filter((b) => b === null).length < min || t > max ? bool(false) : null;
      }
      case "gt":
      case "gte":
      case "lt":
      case "lte": {
        const [x, y] = evalArgs(e).map(numOf);
        if (x === null || y === null || x === undefined || y === undefined) return null;
        return bool(e.op === "gt" ? x > y : e.op === "gte" ? x >= y : e.op === "lt" ? x < y : x <= y);
      }
      case "contains": {
        const [x, y] = evalArgs(e);
        if (x === null || y === null) return null;
        if (x.c === "ordered") {
          for (let i = 0; i + y.v.length <= x.v.length; i++) if (y.v.every((v, j) => sameSingle(x.v[i + j], v, x.b))) return bool(true);
          return bool(false);
        }
        const rest = [...x.v];
        for (const v of y.v) {
          const i = rest.findIndex((r) => sameSingle(r, v, x.b));
          if (i < 0) return bool(false);
          rest.splice(i, 1);
        }
        return bool(true);
      }
      case "string_match":
      case "substring": {
        const [x, y] = evalArgs(e);
        if (x === null || y === null || typeof x.v[0] !== "string" || typeof y.v[0] !== "string") return null;
        const cs = (a["case-sensitive"] ?? "true") !== "false";
        const [s, t] = cs ? [x.v[0], y.v[0]] : [x.v[0].toLowerCase(), y.v[0].toLowerCase()];
        if (e.op === "substring") return bool(t.includes(s));
        return bool(a.substring === "true" ? t.includes(s) : s === t);
      }
      case "pattern_match": {
        const x = ev(e.args![0]);
        if (x === null || typeof x.v[0] !== "string") return null;
        const pattern = a.pattern ?? "";
        try {
          return bool(new RegExp(`^(?:${pattern})$`, "u").test(x.v[0].slice(0, 10_000)));
        } catch {
          return null;
        }
      }
      case "delete": {
        const [x, y] = evalArgs(e);
        if (x === null || y === null) return null;
        const v = y.v.filter((z) => !sameSingle(z, x.v[0], y.b));
        return v.length ? { ...y, v } : null;
      }
      case "index": {
        const x = ev(e.args![0]);
        const n = Number(a.n ?? "") || numOf(vars.get(a.n ?? "") ?? null) || 0;
        return x === null || n < 1 || n > x.v.length ? null : single(x.b, x.v[n - 1]);
      }
      case "inside": {
        const x = ev(e.args![0]);
        if (x === null) return null;
        const coords = (a.coords ?? "").split(/[\s,]+/).map(Number);
        return bool(x.v.some((p) => Array.isArray(p) && typeof p[0] === "number" && inside(a.shape ?? "default", coords, p[0] as number, p[1] as number)));
      }
      case "field_value":
        return null;
    }
  }

  function run(rules: QtiRule[]): void {
    for (const r of rules) {
      if (r.rule === "exit") throw new Exit();
      if (r.rule === "set_outcome") {
        const o = outcomeDecl.get(r.id);
        let value = ev(r.expr);
        // A float outcome stores a number; an integer outcome truncates one.
        if (value && o?.base_type === "integer" && typeof value.v[0] === "number") value = num(Math.trunc(value.v[0]));
        vars.set(r.id, value);
        continue;
      }
      for (const b of r.branches) {
        if (b.when === null || boolOf(ev(b.when)) === true) {
          run(b.then);
          break;
        }
      }
    }
  }

  const p = item.processing;
  try {
    if (p.type === "rules") run(p.rules);
    else if (p.type === "template") run(templateRules(p.template));
  } catch (err) {
    if (!(err instanceof Exit)) throw err;
  }
  const outcomes: Record<string, QtiValue> = {};
  for (const [id, v] of vars) if (outcomeDecl.has(id)) outcomes[id] = fromV(v);
  const score = p.type === "none" ? null : numOf(vars.get("SCORE") ?? null) ?? 0;
  return { score, outcomes };
}

/** The standard templates as the rules they stand for (QTI 3 rptemplates). */
export function templateRules(t: "match_correct" | "map_response" | "map_response_point"): QtiRule[] {
  const R: QtiExpression = { op: "variable", id: "RESPONSE" };
  const set = (expr: QtiExpression): QtiRule => ({ rule: "set_outcome", id: "SCORE", expr });
  const zero = set({ op: "base_value", base_type: "float", value: 0 });
  if (t === "match_correct") {
    return [{ rule: "condition", branches: [{ when: { op: "match", args: [R, { op: "correct", id: "RESPONSE" }] }, then: [set({ op: "base_value", base_type: "float", value: 1 })] }, { when: null, then: [zero] }] }];
  }
  const mapped: QtiExpression = { op: t === "map_response" ? "map_response" : "map_response_point", id: "RESPONSE" };
  return [{ rule: "condition", branches: [{ when: { op: "is_null", args: [R] }, then: [zero] }, { when: null, then: [set(mapped)] }] }];
}
