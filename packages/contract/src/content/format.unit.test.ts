import { describe, expect, it } from "vitest";
import { checkTestContent, countWords, mediaReferences, onlinePart } from "./format.js";

const minimal = {
  key: "en-reading",
  description: "English Reading Proficiency",
  test_type_short_name: "reading",
  sections: [
    {
      items: [
        { id: "intro", kind: "instructions", text: "Read the passage." },
        { id: "q1", kind: "radio", numbered: true, text: "Which?", choices: [{ id: "a", label: "A" }, { id: "b", label: "B" }], answer: "a" },
      ],
    },
  ],
};

describe("checkTestContent", () => {
  it("accepts a valid test and fills defaults", () => {
    const r = checkTestContent(minimal);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.content.answer_review).toBe(true);
      expect(r.content.sections[0].timed).toBe(true);
    }
  });

  it("refuses a test without sections with the spec's message", () => {
    expect(checkTestContent({ ...minimal, sections: [] })).toEqual({ ok: false, errors: ["There must be at least one section in the test."] });
  });

  it("names the section and question of a broken choice", () => {
    const broken = structuredClone(minimal);
    (broken.sections[0].items[1] as { answer: string }).answer = "z";
    expect(checkTestContent(broken)).toEqual({ ok: false, errors: ["The answer of question 2 of section 1 is not one of its choices."] });
  });

  it("says where a field is wrong", () => {
    const r = checkTestContent({ ...minimal, key: "Bad Key" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toBe("key: The test key is lowercase letters, digits and dashes.");
  });

  it("refuses duplicate item ids and empty sections", () => {
    const dup = structuredClone(minimal);
    dup.sections.push({ items: [] } as never);
    (dup.sections[0].items[1] as { id: string }).id = "intro";
    const r = checkTestContent(dup);
    expect(r.ok ? [] : r.errors).toEqual(["Two items have the id 'intro'.", "Section 2 must have at least one item."]);
  });
});

describe("countWords", () => {
  it("counts words, and each Chinese character as one", () => {
    expect(countWords("  The quick brown fox. ")).toBe(4);
    expect(countWords("我们今天去公园")).toBe(7);
    expect(countWords("Hello 世界!")).toBe(3);
    expect(countWords(" — ")).toBe(0);
  });
});

describe("media references", () => {
  const withMedia = (src: string, kind: "image" | "audio" = "image") => {
    const c = structuredClone(minimal) as { sections: { items: unknown[] }[] };
    c.sections[0].items.unshift(kind === "image" ? { id: "fig", kind, src, alt: "A bar chart" } : { id: "clip", kind, src, plays: 2 });
    return checkTestContent(c);
  };

  it("lists every media file with its item, in order", () => {
    const r = withMedia("media/en-reading/chart.svg");
    expect(r.ok).toBe(true);
    if (r.ok) expect(mediaReferences(r.content)).toEqual([{ path: "media/en-reading/chart.svg", itemId: "fig" }]);
  });

  it("refuses a path that climbs out of media/", () => {
    const r = withMedia("media/../../etc/passwd.png");
    expect(r.ok ? [] : r.errors).toEqual(["sections.0.items.0.src: A media file path must not contain empty, '.' or '..' parts."]);
  });

  it("refuses a file of the wrong kind for its item", () => {
    const r = withMedia("media/en-listening/clip.png", "audio");
    expect(r.ok ? [] : r.errors).toEqual(["Item 'clip' is an audio item, so its file must end in .ogg, .opus, .mp3, .m4a, .wav, .webm."]);
  });
});

describe("a test that continues by phone", () => {
  const phone = { title: "By phone", by_phone: true, items: [{ id: "s1", kind: "audio", direction: "receiving", src: "media/x/s1.ogg" }] };
  const test = { ...minimal, continues_by_phone: true, sections: [...minimal.sections, phone] };

  it("is its online sections, then the by_phone sections a call can take", () => {
    const r = checkTestContent(test);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // The browser's part: without the call's sections, the same object each time.
    expect(onlinePart(r.content).sections).toHaveLength(1);
    expect(onlinePart(r.content)).toBe(onlinePart(r.content));
    const plain = checkTestContent(minimal);
    if (plain.ok) expect(onlinePart(plain.content)).toBe(plain.content);
  });

  it("refuses by_phone without continues_by_phone, and a call's section of typed questions", () => {
    expect(checkTestContent({ ...test, continues_by_phone: false })).toMatchObject({ ok: false, errors: [expect.stringMatching(/^Section 2 is taken by phone/)] });
    const typed = { ...phone, items: [...phone.items, { id: "t", kind: "short_text", text: "Type." }] };
    expect(checkTestContent({ ...test, sections: [minimal.sections[0], typed] })).toMatchObject({
      ok: false,
      errors: ["Item 2 of section 2 cannot be taken by phone: a section taken by phone holds only headings, instructions and audio."],
    });
  });
});
