import { describe, expect, it } from "vitest";
import type { CandidateQtiItem } from "@parlance/contract";
import { attemptEnded, completion, hasValue, questionKind, withValue } from "./qtiResponse";
import { idsValue, pairsValue, pointsValue, textValue } from "./interactions/types";

const base = { prompt: null, cardinality: "multiple", base_type: "identifier" } as const;
const item: Pick<CandidateQtiItem, "interactions"> = {
  interactions: [
    { ...base, kind: "choice", response_id: "RESPONSE", max_choices: 2, min_choices: 0, shuffle: false, orientation: "vertical", choices: [{ id: "A", html: "a", fixed: false }] },
    { ...base, kind: "order", cardinality: "ordered", response_id: "ORDER", shuffle: false, orientation: "vertical", choices: [{ id: "X", html: "x", fixed: false }, { id: "Y", html: "y", fixed: false }] },
    { ...base, kind: "end_attempt", cardinality: "single", base_type: "boolean", response_id: "END", title: "Done" },
  ],
};

describe("a QTI item's saved response", () => {
  it("changes one interaction's value and keeps the others, in the canonical encoding", () => {
    let raw = withValue("", "RESPONSE", ["A", "C"]);
    expect(raw).toBe('{"RESPONSE":["A","C"]}');
    raw = withValue(raw, "GAP", [["W1", "G1"]]);
    expect(raw).toBe('{"GAP":[["W1","G1"]],"RESPONSE":["A","C"]}');
    // Cleared values leave the response; nothing left is the empty answer.
    raw = withValue(raw, "GAP", null);
    expect(withValue(raw, "RESPONSE", [])).toBe("");
    // A response that cannot be read is replaced, not merged into.
    expect(withValue("not json", "X", "a")).toBe('{"X":"a"}');
  });

  it("counts what is answered, leaving out the end attempt", () => {
    expect(completion(item, "")).toEqual({ answered: 0, total: 2 });
    expect(completion(item, '{"RESPONSE":["A"]}')).toEqual({ answered: 1, total: 2 });
    expect(completion(item, '{"END":true,"ORDER":["Y","X"],"RESPONSE":["A"]}')).toEqual({ answered: 2, total: 2 });
    expect(questionKind(item)).toBe("choice");
    expect(attemptEnded(item, '{"END":true}')).toBe(true);
    expect(attemptEnded(item, '{"RESPONSE":["A"]}')).toBe(false);
  });

  it("reads each kind of value, whatever else is there", () => {
    expect(hasValue("  ")).toBe(false);
    expect(hasValue(0)).toBe(true);
    expect(hasValue(false)).toBe(true);
    expect(idsValue("A")).toEqual(["A"]);
    expect(idsValue(["A", 3])).toEqual(["A"]);
    expect(pairsValue(["W1", "G1"])).toEqual([["W1", "G1"]]);
    expect(pairsValue([["W1", "G1"], "x"])).toEqual([["W1", "G1"]]);
    expect(pointsValue([10, 20])).toEqual([[10, 20]]);
    expect(pointsValue([[10, 20], [1, 2]])).toEqual([[10, 20], [1, 2]]);
    expect(textValue(3)).toBe("3");
    expect(textValue(["a"])).toBe("");
  });
});
