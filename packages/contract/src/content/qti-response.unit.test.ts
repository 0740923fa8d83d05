import { describe, expect, it } from "vitest";
import type { Interaction } from "./interactions.js";
import { checkQtiResponse, decodeQtiResponse, encodeQtiResponse } from "./qti-response.js";

const choice: Interaction = { kind: "choice", response_id: "R", cardinality: "multiple", base_type: "identifier", prompt: null, max_choices: 2, min_choices: 0, shuffle: false, orientation: "vertical", choices: ["A", "B", "C"].map((id) => ({ id, html: id, fixed: false })) };
const gaps: Interaction = { kind: "gap_match", response_id: "G", cardinality: "multiple", base_type: "directedPair", prompt: null, max_associations: 0, min_associations: 0, shuffle: false, gap_texts: [{ id: "W", html: "w", fixed: false, match_max: 1 }], gaps: [{ id: "G1", required: false }], body: "" };
const point: Interaction = { kind: "select_point", response_id: "P", cardinality: "single", base_type: "point", prompt: null, max_choices: 1, min_choices: 0, image: { src: "x", alt: "", width: 1, height: 1 } };
const item = { interactions: [choice, gaps, point] };

describe("QTI responses as saved", () => {
  it("encodes canonically (sorted keys, empty values left out) and decodes back", () => {
    const s = encodeQtiResponse({ R: ["A"], P: [3, 4], G: [], X: null });
    expect(s).toBe('{"P":[3,4],"R":["A"]}');
    expect(decodeQtiResponse(s)).toEqual({ P: [3, 4], R: ["A"] });
    expect(encodeQtiResponse({})).toBe("");
    expect(decodeQtiResponse("")).toEqual({});
    expect(decodeQtiResponse("not json")).toBeNull();
  });

  it("accepts values of each interaction's shape and refuses the others, naming the problem", () => {
    expect(checkQtiResponse(item, '{"R":["A","C"],"G":[["W","G1"]],"P":[10,20]}')).toBeNull();
    expect(checkQtiResponse(item, '{"R":["A","B","C"]}')).toMatch(/more selections than allowed \(2\)/);
    expect(checkQtiResponse(item, '{"R":["D"]}')).toMatch(/names 'D', which is not one of its choices/);
    expect(checkQtiResponse(item, '{"G":[["G1","W"]]}')).toMatch(/names 'G1'/);
    expect(checkQtiResponse(item, '{"P":"10 20"}')).toMatch(/not of the right kind/);
    expect(checkQtiResponse(item, '{"Z":"A"}')).toMatch(/'Z', which is not a response of this question/);
    expect(checkQtiResponse(item, "[1,2]")).toMatch(/not a QTI response/);
  });

  it("decodes only the saved shape: identifier (≤ 64) → value or list (≤ 1,000) of strings, numbers, booleans and pairs", () => {
    const ok = { A: "x", B: 2.5, C: true, D: ["a", "b"], E: [1, 2], F: [["W", "G1"], ["W2", "G2"]], G: [[1, 2], [3, 4]], H: Array(1000).fill("c") };
    expect(decodeQtiResponse(JSON.stringify(ok))).toEqual(ok);
    expect(decodeQtiResponse(JSON.stringify({ ["k".repeat(64)]: "x" }))).not.toBeNull();
    for (const bad of [
      "[1,2]",
      "null",
      '"text"',
      "3",
      JSON.stringify({ ["k".repeat(65)]: "x" }),
      JSON.stringify({ A: null }),
      JSON.stringify({ A: { B: 1 } }),
      JSON.stringify({ A: "x".repeat(100_001) }),
      JSON.stringify({ A: Array(1001).fill("c") }),
      JSON.stringify({ A: [[1, "a"]] }),
      JSON.stringify({ A: [["a", "b", "c"]] }),
      JSON.stringify({ A: [["k".repeat(65), "b"]] }),
      JSON.stringify({ A: [[null, null]] }),
    ])
      expect(decodeQtiResponse(bad), bad.slice(0, 40)).toBeNull();
  });
});
