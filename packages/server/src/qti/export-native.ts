import type { ContentItem, Interaction, ResponseDeclaration, ResponseProcessing } from "@parlance/contract";
import type { ParsedItem } from "./item.js";
import { MEDIA_CONTENT_TYPES } from "../content/media.js";
import { esc } from "./xml.js";

/**
 * Our ten item kinds as their QTI 3 equivalents (the export): heading and instructions → item body
 * content; image → <img>, audio and video → <audio>/<video> in the body, or a media interaction
 * with max-plays when plays are limited; radio → a single choice interaction (match_correct when it
 * has an answer); short and sized text → a text entry; text areas → an extended text. Text fields
 * are scored by hand: no response processing. A recording the candidate makes (receiving audio)
 * has no QTI interaction; it is exported as the body text and its prompt recording.
 */

type Native = Exclude<ContentItem, { kind: "qti" }>;

const paragraphs = (text: string | undefined) =>
  (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, "<br>")}</p>`)
    .join("");

const identifierOf = (id: string) => (/^[a-z]/.test(id) ? id : `i-${id}`);

export function nativeAsQti(item: Native): ParsedItem {
  const responses: ResponseDeclaration[] = [];
  const interactions: Interaction[] = [];
  let body = "";
  let processing: ResponseProcessing = { type: "none" };
  let maxScore: number | null = null;
  const media: string[] = [];
  const declare = (d: Omit<ResponseDeclaration, "mapping" | "area_mapping" | "correct"> & { correct?: ResponseDeclaration["correct"] }) =>
    responses.push({ correct: null, mapping: null, area_mapping: null, ...d });
  switch (item.kind) {
    case "heading":
      body = `<h2>${esc(item.text)}</h2>`;
      break;
    case "instructions":
      body = paragraphs(item.text);
      break;
    case "image":
      media.push(item.src);
      body = `<p><img src="${esc(item.src)}" alt="${esc(item.alt)}"></p>${paragraphs(item.text)}`;
      break;
    case "audio":
    case "video": {
      media.push(item.src);
      const type = MEDIA_CONTENT_TYPES[item.src.slice(item.src.lastIndexOf(".") + 1).toLowerCase()] ?? (item.kind === "audio" ? "audio/mpeg" : "video/mp4");
      if (item.plays !== undefined && (item.kind === "video" || item.direction === "sending")) {
        declare({ id: "RESPONSE", cardinality: "single", base_type: "integer" });
        interactions.push({
          kind: "media", response_id: "RESPONSE", cardinality: "single", base_type: "integer", prompt: null,
          media: { src: item.src, type, kind: item.kind, width: null, height: null }, autostart: false, min_plays: 0, max_plays: item.plays, loop: false,
        });
        body = `${paragraphs(item.text)}<div data-qti-slot="0"></div>`;
      } else {
        body = `${paragraphs(item.text)}<p><${item.kind} controls="" src="${esc(item.src)}"></${item.kind}></p>`;
      }
      break;
    }
    case "radio":
      declare({ id: "RESPONSE", cardinality: "single", base_type: "identifier", correct: item.answer ?? null });
      interactions.push({
        kind: "choice", response_id: "RESPONSE", cardinality: "single", base_type: "identifier", prompt: null, max_choices: 1, min_choices: item.required ? 1 : 0,
        shuffle: false, orientation: "vertical", choices: item.choices.map((c) => ({ id: /^[A-Za-z_]/.test(c.id) ? c.id : `C${c.id}`, html: esc(c.label), fixed: false })),
      });
      if (item.answer !== undefined) {
        responses[0].correct = /^[A-Za-z_]/.test(item.answer) ? item.answer : `C${item.answer}`;
        processing = { type: "template", template: "match_correct" };
        maxScore = 1;
      }
      body = `${paragraphs(item.text)}<div data-qti-slot="0"></div>`;
      break;
    case "short_text":
    case "sized_text":
      declare({ id: "RESPONSE", cardinality: "single", base_type: "string" });
      interactions.push({
        kind: "text_entry", response_id: "RESPONSE", cardinality: "single", base_type: "string", prompt: null,
        expected_length: item.kind === "sized_text" ? item.size : item.max_length, pattern_mask: null, placeholder: null,
      });
      body = `${paragraphs(item.text)}<p><span data-qti-slot="0"></span></p>`;
      break;
    case "textarea":
    case "fixed_textarea":
      declare({ id: "RESPONSE", cardinality: "single", base_type: "string" });
      interactions.push({
        kind: "extended_text", response_id: "RESPONSE", cardinality: "single", base_type: "string", prompt: null,
        expected_lines: item.kind === "fixed_textarea" ? item.rows : null, expected_length: null, placeholder: null,
      });
      body = `${paragraphs(item.text)}<div data-qti-slot="0"></div>`;
      break;
  }
  return {
    identifier: identifierOf(item.id),
    title: (item.kind === "heading" ? item.text : `${item.kind} ${item.id}`).slice(0, 500),
    body,
    dir: item.override_rtl ? "rtl" : null,
    lang: null,
    interactions,
    responses,
    outcomes: [{ id: "SCORE", cardinality: "single", base_type: "float", default_value: 0, normal_maximum: null, normal_minimum: null }],
    processing,
    max_score: maxScore,
    media,
    required: "required" in item ? item.required : false,
  };
}
