import { z } from "zod";

/**
 * QTI 3 interactions (issue 29): the content model of an imported (or exported) QTI item, shared by
 * the server (import, delivery, scoring, export) and the web (test runner, scoring page).
 *
 * INTERFACE (what each side may rely on)
 * - A QTI item is one content item of kind "qti" (format.ts; item_type_id 11). Its server shape is
 *   `qtiContentItem` (qti-processing.ts): the candidate part below PLUS response declarations
 *   (correct responses, mappings, area mappings), outcome declarations and response processing,
 *   which never leave the server.
 * - The candidate part, `candidateQtiItem`, is what the section API sends as `itemView.qti` and the
 *   scoring page's content API as `scoreableItem.qti`: title, body, dir, lang and the interactions,
 *   each with its response identifier, cardinality and base type (how to encode the answer) and no
 *   correct response, mapping or processing. Media `src` attributes there are URLs to fetch as they
 *   are (the server rewrites the package's paths to its media route).
 * - One item may hold several interactions (a cloze passage with a choice per gap): the item's saved
 *   response is ONE string, the canonical JSON of an object { [response_id]: value } (qti-response.ts
 *   `encodeQtiResponse`, `checkQtiResponse`), through the usual answer path (IndexedDB, seq, receipt).
 *
 * BODY HTML AND PLACEHOLDERS. `body` (and every `prompt`/`html` here) is XHTML the server sanitised
 * (sanitize-html: no script, no event handlers, no javascript: URLs; img/audio/video/source, MathML
 * and tables allowed). Interactions are not in it; where each one stands there is an empty element
 * the renderer replaces with the interaction's control:
 *   <div data-qti-slot="N"></div>   a block interaction (choice, extended text, order, match, …)
 *   <span data-qti-slot="N"></span> an inline interaction (inline choice, text entry, end attempt)
 * N is the interaction's index in `interactions` (from 0). Inside a gap match's `body` each gap is
 *   <span data-qti-gap="GAP_ID"></span>
 * and inside a hot text's `body` each selectable piece of text is
 *   <span data-qti-hottext="HOTTEXT_ID">…its html…</span>
 * The server strips any data-qti-* attribute an author wrote, so only these markers carry one.
 *
 * RIGHT TO LEFT: `dir` is the item's direction ("rtl" for Arabic, Hebrew …; null: the test's), `lang`
 * its BCP 47 language; elements inside the body may carry their own dir/lang attributes.
 */

export const QTI_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
export const qtiIdentifier = z.string().regex(QTI_IDENTIFIER, "A QTI identifier starts with a letter or _ and has at most 64 letters, digits, _ . or -.");

/** Sanitised XHTML (see above); bounded so one item cannot fill a content version. */
export const qtiHtml = z.string().max(200_000);

export const INTERACTION_KINDS = [
  "choice",
  "text_entry",
  "extended_text",
  "inline_choice",
  "gap_match",
  "match",
  "order",
  "hot_text",
  "hotspot",
  "select_point",
  "associate",
  "media",
  "end_attempt",
] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export const QTI_CARDINALITIES = ["single", "multiple", "ordered"] as const;
export type QtiCardinality = (typeof QTI_CARDINALITIES)[number];
export const QTI_BASE_TYPES = ["identifier", "string", "pair", "directedPair", "point", "integer", "float", "boolean"] as const;
export type QtiBaseType = (typeof QTI_BASE_TYPES)[number];

/** Every interaction: which response variable it sets and how that value is shaped. */
const base = {
  response_id: qtiIdentifier,
  cardinality: z.enum(QTI_CARDINALITIES),
  base_type: z.enum(QTI_BASE_TYPES),
  /** The interaction's prompt (html), or null. */
  prompt: qtiHtml.nullable(),
};
/** A choice the candidate picks, drags or orders; `fixed` keeps its place when the list is shuffled. */
const option = z.object({ id: qtiIdentifier, html: qtiHtml, fixed: z.boolean().default(false) });
/** A choice that can be used in several associations (0: any number). */
const associable = option.extend({ match_max: z.number().int().min(0).max(100).default(1) });
const limits = {
  /** 0: no upper limit. */
  max_choices: z.number().int().min(0).max(100).default(1),
  min_choices: z.number().int().min(0).max(100).default(0),
};
const associationLimits = {
  max_associations: z.number().int().min(0).max(200).default(1),
  min_associations: z.number().int().min(0).max(200).default(0),
};
const image = z.object({ src: z.string().max(2000), alt: z.string().max(1000), width: z.number().int().min(1).max(10_000), height: z.number().int().min(1).max(10_000) });
export const HOTSPOT_SHAPES = ["rect", "circle", "poly", "ellipse", "default"] as const;

export const interaction = z.discriminatedUnion("kind", [
  /** Single (radio) or multiple (check boxes) by `cardinality`; identifier; value "A" or ["A","C"]. */
  z.object({ kind: z.literal("choice"), ...base, ...limits, shuffle: z.boolean().default(false), orientation: z.enum(["vertical", "horizontal"]).default("vertical"), choices: z.array(option).min(1).max(100) }),
  /** Inline field (a cloze gap); value the typed text (a number is typed as text too). */
  z.object({
    kind: z.literal("text_entry"),
    ...base,
    expected_length: z.number().int().min(1).max(1000).nullable().default(null),
    pattern_mask: z.string().max(500).nullable().default(null),
    placeholder: z.string().max(200).nullable().default(null),
  }),
  /** A text area; value the text. */
  z.object({
    kind: z.literal("extended_text"),
    ...base,
    expected_lines: z.number().int().min(1).max(100).nullable().default(null),
    expected_length: z.number().int().min(1).max(100_000).nullable().default(null),
    placeholder: z.string().max(200).nullable().default(null),
  }),
  /** An inline select (a cloze gap); value "A". Options are plain text (an HTML select cannot show markup). */
  z.object({
    kind: z.literal("inline_choice"),
    ...base,
    shuffle: z.boolean().default(false),
    required: z.boolean().default(false),
    choices: z.array(z.object({ id: qtiIdentifier, text: z.string().max(1000), fixed: z.boolean().default(false) })).min(1).max(100),
  }),
  /** Words (gap texts) placed into gaps of `body`; directedPair, value [["W1","G1"],["W2","G2"]] = [gap text, gap]. */
  z.object({
    kind: z.literal("gap_match"),
    ...base,
    ...associationLimits,
    shuffle: z.boolean().default(false),
    gap_texts: z.array(associable).min(1).max(100),
    gaps: z.array(z.object({ id: qtiIdentifier, required: z.boolean().default(false) })).min(1).max(100),
    body: qtiHtml,
  }),
  /** Sources matched to targets; directedPair, value [["S1","T2"],…] = [source, target]. */
  z.object({
    kind: z.literal("match"),
    ...base,
    ...associationLimits,
    shuffle: z.boolean().default(false),
    sources: z.array(associable).min(1).max(100),
    targets: z.array(associable).min(1).max(100),
  }),
  /** Put in order; ordered identifier, value ["C","A","B"] (every choice, first to last). */
  z.object({ kind: z.literal("order"), ...base, shuffle: z.boolean().default(false), orientation: z.enum(["vertical", "horizontal"]).default("vertical"), choices: z.array(option).min(2).max(100) }),
  /** Pick words in `body`; identifier, value "H1" or ["H1","H3"] by cardinality. */
  z.object({
    kind: z.literal("hot_text"),
    ...base,
    ...limits,
    body: qtiHtml,
    /** The hot texts of `body` in document order, with their plain text (for labels and the scoring page). */
    hottexts: z.array(z.object({ id: qtiIdentifier, text: z.string().max(1000) })).min(1).max(200),
  }),
  /** Pick areas of an image; identifier, value "HS1" or ["HS1","HS2"]. Coordinates in image pixels. */
  z.object({
    kind: z.literal("hotspot"),
    ...base,
    ...limits,
    image,
    hotspots: z.array(z.object({ id: qtiIdentifier, shape: z.enum(HOTSPOT_SHAPES), coords: z.array(z.number()).max(200), label: z.string().max(500) })).min(1).max(100),
  }),
  /** Click points on an image; point, value [x,y] or [[x,y],…] in image pixels (integers). */
  z.object({ kind: z.literal("select_point"), ...base, ...limits, image }),
  /** Make pairs among the choices (unordered); pair, value [["A","B"],…]. */
  z.object({ kind: z.literal("associate"), ...base, ...associationLimits, shuffle: z.boolean().default(false), choices: z.array(associable).min(2).max(100) }),
  /**
   * A recording or video with play limits, as our audio items have: plays are granted by the media
   * route (the item id; a reload does not spend one). integer, value the plays used.
   */
  z.object({
    kind: z.literal("media"),
    ...base,
    media: z.object({ src: z.string().max(2000), type: z.string().max(100), kind: z.enum(["audio", "video"]), width: z.number().int().nullable().default(null), height: z.number().int().nullable().default(null) }),
    autostart: z.boolean().default(false),
    min_plays: z.number().int().min(0).max(10).default(0),
    /** 0: unlimited. */
    max_plays: z.number().int().min(0).max(10).default(0),
    loop: z.boolean().default(false),
  }),
  /** A button that ends the attempt of the item; boolean, value true once pressed. */
  z.object({ kind: z.literal("end_attempt"), ...base, title: z.string().max(500) }),
]);
export type Interaction = z.infer<typeof interaction>;
export type InteractionOf<K extends InteractionKind> = Extract<Interaction, { kind: K }>;

/** The interactions that stand inside a paragraph (an inline slot); the others take a block slot. */
export const INLINE_INTERACTIONS: readonly InteractionKind[] = ["text_entry", "inline_choice", "end_attempt"];

/** What the candidate (and the evaluator's page) receives of a QTI item: no answers, no scoring. */
export const candidateQtiItem = z.object({
  /** The item's title (qti-assessment-item title). */
  title: z.string().max(500),
  body: qtiHtml,
  dir: z.enum(["ltr", "rtl"]).nullable(),
  lang: z.string().max(35).nullable(),
  interactions: z.array(interaction).max(100),
});
export type CandidateQtiItem = z.infer<typeof candidateQtiItem>;
