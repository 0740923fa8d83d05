import { describe, expect, it } from "vitest";
import { checkTestContent, type TestContent } from "@parlance/contract";
import { exportPackage } from "./export.js";
import { readPackage } from "./package.js";
import { allFixturesPackage } from "./test/build.js";

const target = { key: "qti-demo", test_type_short_name: "reading" as const, time_limit_minutes: null };

describe("QTI export", () => {
  it("exports imported QTI content to a package that re-imports to the same test", async () => {
    const first = await readPackage(allFixturesPackage(), target);
    expect(first.problems).toEqual([]);
    const zip = exportPackage(first.content!, first.media);
    const second = await readPackage(zip, target);
    expect(second.problems).toEqual([]);
    expect(second.content).toEqual(first.content);
    expect(second.interactions).toEqual(first.interactions);
    expect([...second.media.keys()].sort()).toEqual([...first.media.keys()].sort());
    // The same content exports to the same bytes.
    expect(exportPackage(second.content!, second.media).equals(zip)).toBe(true);
  });

  it("exports the ten spec item kinds as their QTI equivalents, stable from the first re-import on", async () => {
    const ours = checkTestContent({
      key: "native",
      description: "Our own kinds",
      test_type_short_name: "reading",
      time_limit_minutes: 30,
      sections: [
        {
          title: "All kinds",
          items: [
            { id: "h", kind: "heading", text: "Reading" },
            { id: "ins", kind: "instructions", text: "Read the text.\n\nThen answer." },
            { id: "img", kind: "image", src: "media/fig.png", alt: "A figure" },
            { id: "aud", kind: "audio", src: "media/talk.ogg", plays: 2 },
            { id: "vid", kind: "video", src: "media/clip.webm" },
            { id: "q1", kind: "radio", numbered: true, text: "Pick one", choices: [{ id: "a", label: "A & B" }, { id: "b", label: "<b>" }], answer: "b" },
            { id: "q2", kind: "short_text", text: "Short" },
            { id: "q3", kind: "sized_text", text: "Sized", size: 12 },
            { id: "q4", kind: "textarea", text: "Long" },
            { id: "q5", kind: "fixed_textarea", text: "Fixed", rows: 6 },
          ],
        },
      ],
    });
    expect(ours.ok).toBe(true);
    const content = (ours as { content: TestContent }).content;
    const media = new Map([
      ["media/fig.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])],
      ["media/talk.ogg", Buffer.from("OggS....")],
      ["media/clip.webm", Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0])],
    ]);
    const first = await readPackage(exportPackage(content, media), { ...target, key: "native" });
    expect(first.problems).toEqual([]);
    const imported = first.content!;
    expect(imported.time_limit_minutes).toBe(30);
    expect(imported.sections[0].items.map((i) => i.id)).toEqual(content.sections[0].items.map((i) => i.id));
    expect(imported.sections[0].items.find((i) => i.id === "q1")!.numbered).toBe(true);
    const kinds = imported.sections[0].items.flatMap((i) => (i.kind === "qti" ? i.interactions.map((x) => x.kind) : []));
    expect(kinds).toEqual(["media", "choice", "text_entry", "text_entry", "extended_text", "extended_text"]);
    const radio = imported.sections[0].items.find((i) => i.id === "q1");
    expect(radio?.kind === "qti" && radio.responses[0].correct).toBe("b");
    expect(radio?.kind === "qti" && radio.max_score).toBe(1);
    const again = await readPackage(exportPackage(imported, first.media), { ...target, key: "native" });
    expect(again.problems).toEqual([]);
    expect(again.content).toEqual(imported);
  });
});
