import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ContentItem } from "@parlance/contract";
import { readPackage } from "./package.js";
import { processResponse } from "./score.js";
import { buildPackage } from "./test/build.js";

/** The inline response-processing rules, each set into an outcome of its own (test/rules/rules.xml). */
const xml = fs.readFileSync(path.join(import.meta.dirname, "test/rules/rules.xml"), "utf8").replace("../../items/images/map.png", "images/map.png");

async function rulesItem() {
  const r = await readPackage(buildPackage([{ title: "S", items: [{ name: "rules", xml }] }]), { key: "rules", test_type_short_name: "reading", time_limit_minutes: null });
  expect(r.problems).toEqual([]);
  return r.content!.sections[0].items[0] as Extract<ContentItem, { kind: "qti" }>;
}

describe("inline response processing", () => {
  it("reads the rules and runs every operator", async () => {
    const item = await rulesItem();
    expect(item.processing.type).toBe("rules");
    expect(item.max_score).toBe(10);
    const full = processResponse(item, { RESPONSE: ["A", "B", "C"], MULTI: ["X", "Y"], TEXT: "London", NUM: "3.4", POINT: [5, 6] });
    expect(full.outcomes).toMatchObject({
      MEMBER: true, MATCH_ORDER: true, CONTAINS: true, DELETED: 1, SECOND: "B", MAPPED: 3, POINTS: 4,
      EQUAL: true, GT: true, LTE: false, OR: false, ANYN: true, SUB: true, PATTERN: true, NULLTEXT: false, PRODUCT: 6, INSIDE: true,
    });
    expect(full.score).toBe(10);
    const partial = processResponse(item, { RESPONSE: ["B", "A", "C"], MULTI: ["X"], NUM: 2, POINT: [50, 50] });
    expect(partial.outcomes).toMatchObject({ MATCH_ORDER: false, MAPPED: 2, POINTS: 0, EQUAL: false, GT: false, LTE: true, OR: true, NULLTEXT: true, SUB: null, INSIDE: false, SECOND: "A" });
    expect(partial.score).toBe(1);
    const empty = processResponse(item, {});
    expect(empty.outcomes).toMatchObject({ MEMBER: null, MAPPED: 0, NULLTEXT: true });
    expect(empty.score).toBe(0);
  });

  it("refuses an item whose processing uses an element it does not run, naming it", async () => {
    const bad = xml.replace("<qti-product>", "<qti-stats-operator name=\"mean\">").replace("</qti-product>", "</qti-stats-operator>");
    const r = await readPackage(buildPackage([{ title: "S", items: [{ name: "rules", xml: bad }] }]), { key: "rules", test_type_short_name: "reading", time_limit_minutes: null });
    expect(r.problems).toEqual([expect.stringMatching(/Item 'rules' .*uses <qti-stats-operator>, which Parlance does not run/)]);
  });
});
