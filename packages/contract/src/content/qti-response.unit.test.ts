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
});
