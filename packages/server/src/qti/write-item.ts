import type { Interaction, OutcomeDeclaration, QtiExpression, QtiRule, QtiSingle, QtiValue, ResponseDeclaration } from "@parlance/contract";
import { QTI_ELEMENT_OF } from "./interactions-parse.js";
import { formatSingle } from "./values.js";
import type { ParsedItem } from "./item.js";
import { esc } from "./xml.js";

/**
 * Writes an item of our model as a QTI 3 assessment item (the export). What the importer reads
 * back is the same item: bodies with their slot, gap and hot-text markers turned back into QTI
 * elements, declarations, and response processing (a template by its URI, or the rules).
 */

const NS = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0";
const SCHEMA = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd";
export const TEMPLATE_URI = (t: string) => `https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/${t}.xml`;

/** Sanitised HTML as XHTML: void elements closed, named entities other than XML's made numeric. */
export function xhtml(html: string, mediaPrefix: string): string {
  // sanitize-html writes boolean attributes bare (<video controls>); XML needs a value.
  let out = html;
  for (let before = ""; before !== out; ) {
    before = out;
    out = out.replace(/(<(?:audio|video)\b[^<>]*?\s)(controls|loop|muted|autoplay)(?=[\s>/])(?!=)/g, '$1$2="$2"');
  }
  return out
    .replace(/<(br|hr|img|source|track|col)(\s[^<>]*?)?\s*\/?>/g, (_, tag: string, attrs = "") => `<${tag}${attrs}/>`)
    .replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)[a-z0-9]+;/gi, (e) => ({ "&nbsp;": "&#160;" })[e] ?? "")
    .replace(/(src|poster)="(media\/[^"]*)"/g, (_, a: string, p: string) => `${a}="${mediaPrefix}${p}"`);
}

const attrs = (pairs: Record<string, string | number | boolean | null | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join("");

function valueList(v: QtiValue, cardinality: string): string {
  const list = cardinality === "single" ? (v === null ? [] : [v as QtiSingle]) : v === null ? [] : (v as QtiSingle[]);
  return list.map((x) => `<qti-value>${esc(formatSingle(x))}</qti-value>`).join("");
}

function responseDeclaration(d: ResponseDeclaration): string {
  let inner = "";
  if (d.correct !== null) inner += `<qti-correct-response>${valueList(d.correct, d.cardinality)}</qti-correct-response>`;
  if (d.mapping) {
    const m = d.mapping;
    inner += `<qti-mapping${attrs({ "default-value": m.default_value, "lower-bound": m.lower_bound, "upper-bound": m.upper_bound })}>`;
    inner += m.entries.map((e) => `<qti-map-entry${attrs({ "map-key": formatSingle(e.key), "mapped-value": e.value, "case-sensitive": e.case_sensitive })}/>`).join("");
    inner += "</qti-mapping>";
  }
  if (d.area_mapping) {
    const m = d.area_mapping;
    inner += `<qti-area-mapping${attrs({ "default-value": m.default_value, "lower-bound": m.lower_bound, "upper-bound": m.upper_bound })}>`;
    inner += m.areas.map((a) => `<qti-area-map-entry${attrs({ shape: a.shape, coords: a.coords.join(","), "mapped-value": a.value })}/>`).join("");
    inner += "</qti-area-mapping>";
  }
  return `<qti-response-declaration${attrs({ identifier: d.id, cardinality: d.cardinality, "base-type": d.base_type })}>${inner}</qti-response-declaration>`;
}

function outcomeDeclaration(o: OutcomeDeclaration): string {
  const def = o.default_value === null ? "" : `<qti-default-value>${valueList(o.default_value, o.cardinality)}</qti-default-value>`;
  return `<qti-outcome-declaration${attrs({ identifier: o.id, cardinality: o.cardinality, "base-type": o.base_type, "normal-maximum": o.normal_maximum, "normal-minimum": o.normal_minimum })}>${def}</qti-outcome-declaration>`;
}

export function expressionXml(e: QtiExpression): string {
  const tag = `qti-${e.op.replace(/_/g, "-")}`;
  const a = attrs({ identifier: e.id, "base-type": e.base_type, ...(e.attrs ?? {}) });
  if (e.op === "base_value") return `<${tag}${a}>${esc(formatSingle(e.value as QtiSingle))}</${tag}>`;
  const args = (e.args ?? []).map(expressionXml).join("");
  return args ? `<${tag}${a}>${args}</${tag}>` : `<${tag}${a}/>`;
}

export function rulesXml(rules: QtiRule[]): string {
  return rules
    .map((r) => {
      if (r.rule === "exit") return "<qti-exit-response/>";
      if (r.rule === "set_outcome") return `<qti-set-outcome-value identifier="${esc(r.id)}">${expressionXml(r.expr)}</qti-set-outcome-value>`;
      const branches = r.branches.map((b, i) => {
        const tag = b.when === null ? "qti-response-else" : i === 0 ? "qti-response-if" : "qti-response-else-if";
        return `<${tag}>${b.when ? expressionXml(b.when) : ""}${rulesXml(b.then)}</${tag}>`;
      });
      return `<qti-response-condition>${branches.join("")}</qti-response-condition>`;
    })
    .join("");
}

function interactionXml(i: Interaction, x: (html: string) => string): string {
  const tag = QTI_ELEMENT_OF[i.kind];
  const prompt = i.prompt !== null ? `<qti-prompt>${x(i.prompt)}</qti-prompt>` : "";
  const common = { "response-identifier": i.response_id };
  const choice = (el: string, c: { id: string; html: string; fixed: boolean; match_max?: number }) =>
    `<${el}${attrs({ identifier: c.id, fixed: c.fixed || undefined, "match-max": c.match_max })}>${x(c.html)}</${el}>`;
  const img = (m: { src: string; alt: string; width: number; height: number }) => `<img${attrs({ src: m.src, alt: m.alt, width: m.width, height: m.height })}/>`;
  switch (i.kind) {
    case "choice":
      return `<${tag}${attrs({ ...common, shuffle: i.shuffle, "max-choices": i.max_choices, "min-choices": i.min_choices, orientation: i.orientation })}>${prompt}${i.choices.map((c) => choice("qti-simple-choice", c)).join("")}</${tag}>`;
    case "order":
      return `<${tag}${attrs({ ...common, shuffle: i.shuffle, orientation: i.orientation })}>${prompt}${i.choices.map((c) => choice("qti-simple-choice", c)).join("")}</${tag}>`;
    case "text_entry":
      return `<${tag}${attrs({ ...common, "expected-length": i.expected_length, "pattern-mask": i.pattern_mask, "placeholder-text": i.placeholder })}/>`;
    case "extended_text":
      return `<${tag}${attrs({ ...common, "expected-lines": i.expected_lines, "expected-length": i.expected_length, "placeholder-text": i.placeholder })}>${prompt}</${tag}>`;
    case "inline_choice":
      return `<${tag}${attrs({ ...common, shuffle: i.shuffle, required: i.required })}>${i.choices.map((c) => `<qti-inline-choice${attrs({ identifier: c.id, fixed: c.fixed || undefined })}>${esc(c.text)}</qti-inline-choice>`).join("")}</${tag}>`;
    case "gap_match": {
      const required = new Map(i.gaps.map((g) => [g.id, g.required]));
      const body = x(i.body).replace(/<span data-qti-gap="([^"]*)"><\/span>/g, (_, id: string) => `<qti-gap${attrs({ identifier: id, required: required.get(id) || undefined })}/>`);
      return `<${tag}${attrs({ ...common, shuffle: i.shuffle, "max-associations": i.max_associations, "min-associations": i.min_associations })}>${prompt}${i.gap_texts.map((c) => choice("qti-gap-text", c)).join("")}${body}</${tag}>`;
    }
    case "match":
      return `<${tag}${attrs({ ...common, shuffle: i.shuffle, "max-associations": i.max_associations, "min-associations": i.min_associations })}>${prompt}<qti-simple-match-set>${i.sources.map((c) => choice("qti-simple-associable-choice", c)).join("")}</qti-simple-match-set><qti-simple-match-set>${i.targets.map((c) => choice("qti-simple-associable-choice", c)).join("")}</qti-simple-match-set></${tag}>`;
    case "associate":
      return `<${tag}${attrs({ ...common, shuffle: i.shuffle, "max-associations": i.max_associations, "min-associations": i.min_associations })}>${prompt}${i.choices.map((c) => choice("qti-simple-associable-choice", c)).join("")}</${tag}>`;
    case "hot_text": {
      const body = x(i.body).replace(/<span data-qti-hottext="([^"]*)">([\s\S]*?)<\/span>/g, (_, id: string, inner: string) => `<qti-hottext identifier="${id}">${inner}</qti-hottext>`);
      return `<${tag}${attrs({ ...common, "max-choices": i.max_choices, "min-choices": i.min_choices })}>${prompt}${body}</${tag}>`;
    }
    case "hotspot":
      return `<${tag}${attrs({ ...common, "max-choices": i.max_choices, "min-choices": i.min_choices })}>${prompt}${x(img(i.image))}${i.hotspots.map((h) => `<qti-hotspot-choice${attrs({ identifier: h.id, shape: h.shape, coords: h.coords.join(","), "hotspot-label": h.label })}/>`).join("")}</${tag}>`;
    case "select_point":
      return `<${tag}${attrs({ ...common, "max-choices": i.max_choices, "min-choices": i.min_choices })}>${prompt}${x(img(i.image))}</${tag}>`;
    case "media": {
      const m = i.media;
      const el = m.kind === "video" ? "video" : "audio";
      return `<${tag}${attrs({ ...common, autostart: i.autostart, "min-plays": i.min_plays, "max-plays": i.max_plays, loop: i.loop })}>${prompt}${x(`<${el}${attrs({ src: m.src, type: m.type, width: m.width, height: m.height })}></${el}>`)}</${tag}>`;
    }
    case "end_attempt":
      return `<${tag}${attrs({ ...common, title: i.title })}/>`;
  }
}

/** One item as QTI 3 XML; `mediaPrefix` leads from the item's folder to the package's top (e.g. "../"). */
export function itemXml(item: ParsedItem, mediaPrefix: string): string {
  const x = (html: string) => xhtml(html, mediaPrefix);
  const body = x(item.body).replace(/<(div|span) data-qti-slot="(\d+)"><\/\1>/g, (_, __, n: string) => {
    const i = item.interactions[Number(n)];
    return i ? interactionXml(i, x) : "";
  });
  const p = item.processing;
  const processing = p.type === "template" ? `<qti-response-processing template="${TEMPLATE_URI(p.template)}"/>` : p.type === "rules" ? `<qti-response-processing>${rulesXml(p.rules)}</qti-response-processing>` : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<qti-assessment-item xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA}"${attrs({ identifier: item.identifier, title: item.title, adaptive: false, "time-dependent": false, "xml:lang": item.lang })}>` +
    item.responses.map(responseDeclaration).join("") +
    item.outcomes.map(outcomeDeclaration).join("") +
    `<qti-item-body${attrs({ dir: item.dir })}>${body}</qti-item-body>` +
    processing +
    `</qti-assessment-item>\n`
  );
}
