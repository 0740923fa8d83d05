import { describe, expect, it } from "vitest";
import { checkTestContent, encodeQtiResponse, INTERACTION_KINDS, type ContentItem } from "@parlance/contract";
import { readPackage } from "./package.js";
import { processResponse } from "./score.js";
import { candidateView } from "./view.js";
import { ALL_FIXTURES, allFixturesPackage, buildPackage, fixture } from "./test/build.js";

const target = { key: "qti-demo", test_type_short_name: "reading" as const, time_limit_minutes: null };
type Qti = Extract<ContentItem, { kind: "qti" }>;

async function importAll() {
  const report = await readPackage(allFixturesPackage(), target);
  expect(report.problems).toEqual([]);
  const items = report.content!.sections[0].items as Qti[];
  return { report, items, byId: new Map(items.map((i) => [i.id, i])) };
}

describe("QTI import: one item per interaction", () => {
  it("imports every fixture and counts each interaction kind", async () => {
    const { report, items } = await importAll();
    expect(report.ok).toBe(true);
    expect(items.map((i) => i.id)).toEqual(ALL_FIXTURES);
    for (const kind of INTERACTION_KINDS) expect(report.interactions[kind], kind).toBeGreaterThan(0);
    expect(report.interactions.choice).toBe(3);
    expect(checkTestContent(report.content).ok).toBe(true);
    expect([...report.media.keys()].sort()).toEqual(["media/qti/items/audio/greeting.ogg", "media/qti/items/images/map.png", "media/qti/items/images/sign.png"]);
  });

  it("puts slot markers in the body and keeps rtl and the language", async () => {
    const { byId } = await importAll();
    const cloze = byId.get("inline-choice")!;
    expect(cloze.body).toContain('<span data-qti-slot="0"></span>');
    expect(byId.get("choice")!.body).toContain('<div data-qti-slot="0"></div>');
    expect(byId.get("choice")!.body).toContain('src="media/qti/items/images/sign.png"');
    const hot = byId.get("hottext")!;
    expect(hot.dir).toBe("rtl");
    expect(hot.lang).toBe("ar");
    const i = hot.interactions[0];
    expect(i.kind === "hot_text" && i.body).toContain('<span data-qti-hottext="B">المدرسه</span>');
    const gap = byId.get("gap-match")!.interactions[0];
    expect(gap.kind === "gap_match" && gap.body).toContain('<span data-qti-gap="G1"></span>');
    expect(byId.get("media")!.interactions.map((x) => x.kind)).toEqual(["media", "choice"]);
  });

  it("sends the candidate no correct response, mapping or processing, and rewrites media to URLs", async () => {
    const { items } = await importAll();
    for (const item of items) {
      const view = candidateView(item, (n) => `/api/x?item=${item.id}&file=${n}`);
      const json = JSON.stringify(view);
      expect(json).not.toMatch(/"(correct|mapping|area_mapping|processing|responses|outcomes|max_score|identifier)":/);
      expect(json).not.toContain('"media/');
    }
  });

  it("scores each fixture's correct response at its maximum", async () => {
    const { items } = await importAll();
    for (const item of items) {
      const correct = Object.fromEntries(item.responses.map((r) => [r.id, r.correct]));
      const { score } = processResponse(item, JSON.parse(encodeQtiResponse(correct) || "{}"));
      if (item.max_score === null) expect(score, item.id).toBeNull();
      else expect(score, item.id).toBe(item.max_score);
    }
  });

  it("scores partial and wrong responses by the mapping, within its bounds", async () => {
    const { byId } = await importAll();
    const s = (id: string, r: Record<string, unknown>) => processResponse(byId.get(id)!, r as never).score;
    expect(s("choice-multiple", { RESPONSE: ["H", "Cl"] })).toBe(0);
    expect(s("choice-multiple", { RESPONSE: ["H", "O", "N"] })).toBe(0);
    expect(s("choice-multiple", { RESPONSE: ["H", "O"] })).toBe(2);
    expect(s("gap-match", { RESPONSE: [["W", "G1"], ["Sp", "G2"]] })).toBe(2);
    expect(s("text-entry", { RESPONSE: "york" })).toBe(0.5);
    expect(s("text-entry", {})).toBe(0);
    expect(s("associate", { RESPONSE: [["P", "A"]] })).toBe(2);
    expect(s("order", { RESPONSE: ["DriverA", "DriverC", "DriverB"] })).toBe(0);
    expect(s("select-point", { RESPONSE: [80, 110] })).toBe(1);
    expect(s("select-point", { RESPONSE: [10, 10] })).toBe(0);
    expect(s("end-attempt", { RESPONSE: "paris" })).toBe(2);
    expect(s("end-attempt", { HINT: true })).toBe(0);
    expect(s("end-attempt", {})).toBe(0);
    expect(s("extended-text", { RESPONSE: "Hello Sam" })).toBeNull();
  });

  it("reads the time limit and numbered category of the test", async () => {
    const report = await readPackage(buildPackage([{ title: "One", items: [{ name: "choice", xml: fixture("choice"), category: "numbered" }] }], { maxTime: 1500 }), target);
    expect(report.content!.time_limit_minutes).toBe(25);
    expect(report.content!.sections[0].items[0].numbered).toBe(true);
    expect(report.content!.sections[0].title).toBe("One");
  });
});
