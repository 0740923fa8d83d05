import { describe, expect, it } from "vitest";
import { canAddChoice, canPair, choiceInGap, clearGap, hotspotBox, moveItem, placeInGap, shuffled, togglePair, toggleChoice, type Pair } from "./state";

describe("choices ticked", () => {
  it("adds and removes, and refuses one more than max-choices (0: any number)", () => {
    expect(toggleChoice([], "A", 2)).toEqual(["A"]);
    expect(toggleChoice(["A"], "B", 2)).toEqual(["A", "B"]);
    expect(toggleChoice(["A", "B"], "C", 2)).toEqual(["A", "B"]);
    expect(toggleChoice(["A", "B"], "A", 2)).toEqual(["B"]);
    expect(toggleChoice(["A", "B", "C"], "D", 0)).toEqual(["A", "B", "C", "D"]);
    expect(canAddChoice(["A", "B"], 2)).toBe(false);
    expect(canAddChoice(["A"], 2)).toBe(true);
  });
});

describe("order", () => {
  it("moves one place up or down, and nothing past either end", () => {
    expect(moveItem(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });
});

describe("gap match", () => {
  it("puts one choice in a gap, replacing what was there", () => {
    let pairs: Pair[] = placeInGap([], "W1", "G1", 1);
    expect(pairs).toEqual([["W1", "G1"]]);
    pairs = placeInGap(pairs, "W2", "G1", 1);
    expect(pairs).toEqual([["W2", "G1"]]);
    expect(choiceInGap(pairs, "G1")).toBe("W2");
    expect(clearGap(pairs, "G1")).toEqual([]);
  });

  it("uses a choice in at most match-max gaps (0: any number)", () => {
    const once = placeInGap([], "W1", "G1", 1);
    expect(placeInGap(once, "W1", "G2", 1)).toEqual([["W1", "G1"]]);
    expect(placeInGap(once, "W1", "G2", 0)).toEqual([
      ["W1", "G1"],
      ["W1", "G2"],
    ]);
    // Moving a choice into the gap it already fills is allowed at its limit.
    expect(placeInGap(once, "W1", "G1", 1)).toEqual([["W1", "G1"]]);
  });
});

describe("match and associate", () => {
  const limits = { maxAssociations: 3, matchMax: { A: 1, B: 0, X: 2, Y: 1 } };
  it("makes and unmakes a directed pair within the match-max of both sides", () => {
    let pairs = togglePair([], ["A", "X"], true, limits);
    expect(pairs).toEqual([["A", "X"]]);
    expect(canPair(pairs, ["A", "Y"], true, limits)).toBe(false);
    pairs = togglePair(pairs, ["B", "X"], true, limits);
    expect(canPair(pairs, ["B", "X"], true, limits)).toBe(false);
    pairs = togglePair(pairs, ["B", "Y"], true, limits);
    expect(pairs).toHaveLength(3);
    expect(togglePair(pairs, ["A", "X"], true, limits)).toEqual([
      ["B", "X"],
      ["B", "Y"],
    ]);
  });

  it("keeps max-associations, refuses an identifier with itself, and sees an associate pair either way round", () => {
    const free = { maxAssociations: 1, matchMax: {} };
    const one = togglePair([], ["P", "Q"], false, free);
    expect(canPair(one, ["R", "S"], false, free)).toBe(false);
    expect(togglePair(one, ["Q", "P"], false, free)).toEqual([]);
    expect(canPair([], ["P", "P"], false, free)).toBe(false);
    expect(canPair([["P", "Q"]], ["Q", "P"], true, { maxAssociations: 0, matchMax: {} })).toBe(true);
  });
});

describe("shuffle", () => {
  const choices = ["A", "B", "C", "D", "E", "F"].map((id) => ({ id, fixed: id === "F" }));
  it("is the same for the same seed, keeps every choice and leaves fixed ones in place", () => {
    const once = shuffled(choices, "12:q4");
    expect(shuffled(choices, "12:q4")).toEqual(once);
    expect(once.map((c) => c.id).sort()).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(once[5]!.id).toBe("F");
    const seeds = new Set(["1", "2", "3", "4", "5", "6"].map((s) => shuffled(choices, s).map((c) => c.id).join("")));
    expect(seeds.size).toBeGreaterThan(1);
  });
});

describe("hotspot boxes", () => {
  it("are the shape's bounds in percent of the image", () => {
    expect(hotspotBox("rect", [10, 20, 60, 70], 200, 100)).toEqual({ left: 5, top: 20, width: 25, height: 50 });
    expect(hotspotBox("circle", [100, 50, 10], 200, 100)).toEqual({ left: 45, top: 40, width: 10, height: 20 });
    expect(hotspotBox("poly", [0, 0, 50, 10, 20, 40], 100, 100)).toEqual({ left: 0, top: 0, width: 50, height: 40 });
    expect(hotspotBox("default", [], 100, 100)).toEqual({ left: 0, top: 0, width: 100, height: 100 });
    // A shape past the image's edge is cut at the edge.
    expect(hotspotBox("circle", [0, 0, 10], 100, 100)).toEqual({ left: 0, top: 0, width: 10, height: 10 });
  });
});
