import { z } from "zod";
import { qtiItemFields, qtiItemProblems } from "./qti-processing.js";

/**
 * The test content file format (content/<key>.json). One file is one test: its presentation
 * settings and its sections of items. `npm run content:import` validates every file with this
 * schema and answers what is wrong in words a test author understands.
 *
 * Item kinds (candidate spec §3) and their item_type_id, as the test-taking API sends them.
 */
export const ITEM_KINDS = {
  heading: 1,
  instructions: 2,
  image: 3,
  audio: 4,
  video: 5,
  radio: 6,
  short_text: 7,
  sized_text: 8,
  textarea: 9,
  fixed_textarea: 10,
  /** An imported QTI 3 item (interactions.ts, qti-processing.ts): any of the QTI interactions. */
  qti: 11,
} as const;
export type ItemKind = keyof typeof ITEM_KINDS;

/** Kinds the candidate answers; the others only present. */
export const RESPONSE_KINDS: readonly ItemKind[] = ["radio", "short_text", "sized_text", "textarea", "fixed_textarea", "qti"];

/** Spec §5/§9: text fields at most 255 characters, default size 30. */
export const TEXT_FIELD_MAX = 255;
export const TEXT_FIELD_SIZE = 30;

export const contentMessages = {
  noSections: "There must be at least one section in the test.",
  noItems: "Section {section} must have at least one item.",
  noChoices: "Question {item} of section {section} must offer at least two choices.",
  badAnswer: "The answer of question {item} of section {section} is not one of its choices.",
  duplicateChoice: "Question {item} of section {section} has two choices with the id '{choice}'.",
  duplicateItemId: "Two items have the id '{id}'.",
  wrongMediaType: "Item '{id}' is {article} {kind} item, so its file must end in {extensions}.",
  // A test that continues by phone: its online sections first, then the sections taken by phone.
  byPhoneWithoutPhone: "Section {section} is taken by phone (by_phone), but the test does not continue by phone: set continues_by_phone to true.",
  phoneNeedsOnline: "A test that continues by phone needs at least one online section (a section without by_phone).",
  phoneNeedsPhoneSection: "A test that continues by phone needs at least one section taken by phone (by_phone: true).",
  onlineAfterPhone: "Section {section} is taken online but comes after a section taken by phone: the sections taken by phone come last.",
  notForPhone: "Item {item} of section {section} cannot be taken by phone: a section taken by phone holds only headings, instructions and audio.",
  phoneNeedsResponse: "The sections taken by phone must ask for at least one spoken response (an audio item with direction receiving).",
} as const;

/** What a call can do with an item: speak a heading or instructions, play a recording, record a spoken answer. */
export const PHONE_ITEM_KINDS: readonly ItemKind[] = ["heading", "instructions", "audio"];

const text = (what: string, max = 20_000) =>
  z.string({ error: `${what} must be text.` }).trim().min(1, `${what} must not be empty.`).max(max, `${what} is longer than ${max} characters.`);

/** File extensions each presenting item kind may use (a browser plays or shows all of them). */
export const MEDIA_EXTENSIONS = {
  image: ["png", "jpg", "jpeg", "svg", "webp"],
  audio: ["ogg", "opus", "mp3", "m4a", "wav", "webm"],
  video: ["webm", "mp4"],
} as const;

const mediaFile = z
  .string({ error: "A media file must be a path under content/media/." })
  .regex(/^media\/[A-Za-z0-9._/-]+\.(png|jpg|jpeg|svg|webp|ogg|opus|mp3|m4a|wav|webm|mp4)$/, "A media file must be a path such as media/reading/figure-1.png (png, jpg, svg, webp, ogg, opus, mp3, m4a, wav, webm or mp4).")
  // The path is joined to content/ on disk and later served: it must not climb out of media/.
  .refine((p) => !p.split("/").some((part) => part === "" || part === "." || part === ".."), "A media file path must not contain empty, '.' or '..' parts.");

const languageSide = z.object({
  name: text("The language name", 60),
  right_to_left: z.boolean().default(false),
  /** Show a running word count (for Chinese and Japanese, characters are counted). */
  show_word_count: z.boolean().default(false),
});

const itemBase = {
  /** Stable within the test, so answers survive a re-import of corrected content. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "An item id is lowercase letters, digits and dashes (at most 64)."),
  /** Show a question number (numbered items are counted across the test). */
  numbered: z.boolean().default(false),
  override_rtl: z.boolean().default(false),
  ignore_font_size: z.boolean().default(false),
};

const presentation = z.discriminatedUnion("kind", [
  z.object({ ...itemBase, kind: z.literal("heading"), text: text("A heading", 500) }),
  z.object({ ...itemBase, kind: z.literal("instructions"), text: text("Instructions") }),
  z.object({ ...itemBase, kind: z.literal("image"), src: mediaFile, alt: text("An image's alternative text", 500), text: z.string().optional() }),
  z.object({
    ...itemBase,
    kind: z.literal("audio"),
    src: mediaFile,
    /** A sending presentation plays for the candidate; a receiving one records them. */
    direction: z.enum(["sending", "receiving"]).default("sending"),
    /** Plays allowed before an evaluator or proctor grants more; absent: unlimited. */
    plays: z.number().int().min(1).max(10).optional(),
    /** What the recording says, for evaluators and authors; never sent to the candidate. */
    transcript: z.string().optional(),
    text: z.string().optional(),
  }),
  z.object({ ...itemBase, kind: z.literal("video"), src: mediaFile, plays: z.number().int().min(1).max(10).optional(), text: z.string().optional() }),
]);

const response = z.discriminatedUnion("kind", [
  z.object({
    ...itemBase,
    kind: z.literal("radio"),
    text: text("A question"),
    choices: z.array(z.object({ id: z.string().min(1).max(20), label: text("A choice", 1000) })),
    /** The choice id that scores; kept on the server, never sent to the candidate. */
    answer: z.string().optional(),
    required: z.boolean().default(true),
  }),
  z.object({
    ...itemBase,
    kind: z.literal("short_text"),
    text: text("A question"),
    /** Fewer words than this raise the unanswered warning (spec §5). */
    minimum_words: z.number().int().min(1).max(500).optional(),
    max_length: z.number().int().min(1).max(TEXT_FIELD_MAX).default(TEXT_FIELD_MAX),
    required: z.boolean().default(true),
  }),
  z.object({
    ...itemBase,
    kind: z.literal("sized_text"),
    text: text("A question"),
    size: z.number().int().min(1).max(120).default(TEXT_FIELD_SIZE),
    max_length: z.number().int().min(1).max(TEXT_FIELD_MAX).default(TEXT_FIELD_MAX),
    required: z.boolean().default(true),
  }),
  z.object({
    ...itemBase,
    kind: z.literal("textarea"),
    text: text("A question"),
    /** Word limit shown beside the running count. */
    word_limit: z.number().int().min(1).max(10_000).optional(),
    required: z.boolean().default(true),
  }),
  z.object({
    ...itemBase,
    kind: z.literal("fixed_textarea"),
    text: text("A question"),
    rows: z.number().int().min(2).max(40).default(8),
    required: z.boolean().default(true),
  }),
  // A QTI item: its candidate part, declarations and response processing (qti-processing.ts).
  z.object({ ...itemBase, kind: z.literal("qti"), ...qtiItemFields }),
]);

export const contentItem = z.union([presentation, response]);
export type ContentItem = z.infer<typeof contentItem>;

export const contentSection = z.object({
  title: z.string().max(200).optional(),
  /** Counted down against the test's time limit. */
  timed: z.boolean().default(true),
  /**
   * Taken by phone, not online (only in a test that `continues_by_phone`, after its online
   * sections): the call plays these sections' items and records the spoken answers.
   */
  by_phone: z.boolean().optional(),
  items: z.array(contentItem),
});
export type ContentSection = z.infer<typeof contentSection>;

export const testContent = z.object({
  /** Which catalogue test this is (tests.content_key). */
  key: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "The test key is lowercase letters, digits and dashes."),
  description: text("The description", 200),
  test_type_short_name: z.enum(["listening_speaking", "reading", "writing", "translation", "interpretation"]),
  /** Minutes; absent: untimed. Doubled for candidates with adjustments. */
  time_limit_minutes: z.number().int().min(1).max(480).optional(),
  answer_review: z.boolean().default(true),
  right_to_left: z.boolean().default(false),
  font_size: z.number().int().min(10).max(40).optional(),
  line_height: z.number().min(1).max(3).optional(),
  /** Words a short answer must reach before it counts as answered (test-wide default). */
  minimum_response: z.number().int().min(1).max(500).optional(),
  source_language: languageSide.optional(),
  target_language: languageSide.optional(),
  /**
   * After its online sections the test goes on by phone (the "phone plus online" prelude, and a
   * Thank You that says not to hang up): its `by_phone` sections are the call's. Only for tests
   * whose catalogue method is online.
   */
  continues_by_phone: z.boolean().optional(),
  sections: z.array(contentSection),
});
export type TestContent = z.infer<typeof testContent>;

export type ContentCheck = { ok: true; content: TestContent } | { ok: false; errors: string[] };

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

/** Validates one content file: the schema first, then the rules between fields. */
export function checkTestContent(json: unknown): ContentCheck {
  const parsed = testContent.safeParse(json);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)) };
  }
  const content = parsed.data;
  const errors: string[] = [];
  if (content.sections.length === 0) errors.push(contentMessages.noSections);
  const ids = new Set<string>();
  content.sections.forEach((section, s) => {
    const sectionNo = s + 1;
    if (section.items.length === 0) errors.push(fill(contentMessages.noItems, { section: sectionNo }));
    section.items.forEach((item, i) => {
      const itemNo = i + 1;
      if (ids.has(item.id)) errors.push(fill(contentMessages.duplicateItemId, { id: item.id }));
      ids.add(item.id);
      if (item.kind === "image" || item.kind === "audio" || item.kind === "video") {
        // An audio player cannot show a PNG: catch the mix-up here rather than in a candidate's browser.
        const allowed: readonly string[] = MEDIA_EXTENSIONS[item.kind];
        const ext = item.src.slice(item.src.lastIndexOf(".") + 1).toLowerCase();
        if (!allowed.includes(ext)) {
          errors.push(fill(contentMessages.wrongMediaType, { id: item.id, article: item.kind === "video" ? "a" : "an", kind: item.kind, extensions: allowed.map((e) => "." + e).join(", ") }));
        }
      }
      if (item.kind === "qti") errors.push(...qtiItemProblems(item));
      if (item.kind !== "radio") return;
      if (item.choices.length < 2) errors.push(fill(contentMessages.noChoices, { item: itemNo, section: sectionNo }));
      const choiceIds = new Set<string>();
      for (const c of item.choices) {
        if (choiceIds.has(c.id)) errors.push(fill(contentMessages.duplicateChoice, { item: itemNo, section: sectionNo, choice: c.id }));
        choiceIds.add(c.id);
      }
      if (item.answer !== undefined && !choiceIds.has(item.answer)) {
        errors.push(fill(contentMessages.badAnswer, { item: itemNo, section: sectionNo }));
      }
    });
  });
  errors.push(...phonePartProblems(content));
  return errors.length ? { ok: false, errors } : { ok: true, content };
}

/** The rules of a test that continues by phone: online sections first, then what a call can take. */
function phonePartProblems(content: TestContent): string[] {
  const errors: string[] = [];
  const phone = content.sections.map((s) => s.by_phone === true);
  if (!content.continues_by_phone) {
    phone.forEach((p, i) => p && errors.push(fill(contentMessages.byPhoneWithoutPhone, { section: i + 1 })));
    return errors;
  }
  if (content.sections.length > 0 && !phone.includes(false)) errors.push(contentMessages.phoneNeedsOnline);
  if (content.sections.length > 0 && !phone.includes(true)) errors.push(contentMessages.phoneNeedsPhoneSection);
  const firstPhone = phone.indexOf(true);
  phone.forEach((p, i) => firstPhone >= 0 && i > firstPhone && !p && errors.push(fill(contentMessages.onlineAfterPhone, { section: i + 1 })));
  let responses = 0;
  content.sections.forEach((section, s) => {
    if (!phone[s]) return;
    section.items.forEach((item, i) => {
      if (!PHONE_ITEM_KINDS.includes(item.kind)) errors.push(fill(contentMessages.notForPhone, { item: i + 1, section: s + 1 }));
      if (item.kind === "audio" && item.direction === "receiving") responses++;
    });
  });
  if (phone.includes(true) && responses === 0) errors.push(contentMessages.phoneNeedsResponse);
  return errors;
}

/** A section the call takes (of a test that continues by phone). */
export const isPhoneSection = (section: Pick<ContentSection, "by_phone">): boolean => section.by_phone === true;

const onlineParts = new WeakMap<TestContent, TestContent>();

/**
 * The part of a test taken in the browser: without the sections taken by phone. The same object
 * for a test without them; for one with them, one derived object per content object (kept), so
 * callers may compare and cache by it.
 */
export function onlinePart(content: TestContent): TestContent {
  if (!content.sections.some(isPhoneSection)) return content;
  let part = onlineParts.get(content);
  if (!part) onlineParts.set(content, (part = { ...content, sections: content.sections.filter((s) => !isPhoneSection(s)) }));
  return part;
}

/** A media file a test uses, with the item that shows or plays it. */
export interface MediaReference {
  path: string;
  itemId: string;
}

/** Every media file of a test, in the order the candidate meets them (the importer checks each exists). */
export function mediaReferences(content: TestContent): MediaReference[] {
  const refs: MediaReference[] = [];
  for (const section of content.sections) {
    for (const item of section.items) {
      if (item.kind === "image" || item.kind === "audio" || item.kind === "video") refs.push({ path: item.src, itemId: item.id });
      if (item.kind === "qti") for (const path of item.media) refs.push({ path, itemId: item.id });
    }
  }
  return refs;
}

/**
 * Words in a response, as the word count shows them. Chinese, Japanese and Korean scripts are
 * written without spaces, so each of their characters counts as a word.
 */
export function countWords(value: string): number {
  const cjk = value.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const rest = value.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, " ");
  const words = rest.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return cjk + words;
}
