import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { QtiItem } from "./view.js";
import { maxScoreOf } from "./item.js";
import { mapResponse, processResponse } from "./score.js";

/** Properties of the scorer: a correct response scores the maximum; map_response stays within its bounds. */

const ids = fc.uniqueArray(fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,5}$/), { minLength: 2, maxLength: 8 });
const itemOf = (p: Pick<QtiItem, "responses" | "processing">): Pick<QtiItem, "responses" | "outcomes" | "processing"> => ({ ...p, outcomes: [] });

describe("the scorer", () => {
  it("scores a correct single choice (match_correct) 1, the maximum, and any other choice 0", () => {
    fc.assert(
      fc.property(ids, fc.nat(), fc.nat(), (choices, c, o) => {
        const correct = choices[c % choices.length];
        const other = choices[o % choices.length];
        const item = itemOf({ responses: [{ id: "RESPONSE", cardinality: "single", base_type: "identifier", correct, mapping: null, area_mapping: null }], processing: { type: "template", template: "match_correct" } });
        expect(processResponse(item, { RESPONSE: correct }).score).toBe(maxScoreOf(item));
        expect(processResponse(item, { RESPONSE: other }).score).toBe(other === correct ? 1 : 0);
      }),
    );
  });

  it("scores a correct multiple response (map_response over positive correct entries) at the maximum", () => {
    fc.assert(
      fc.property(ids, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 8, maxLength: 8 }), fc.integer({ min: -3, max: 0 }), (choices, weights, wrong) => {
        const n = Math.max(1, Math.floor(choices.length / 2));
        const correct = choices.slice(0, n);
        const entries = choices.map((c, i) => ({ key: c, value: i < n ? weights[i] : wrong, case_sensitive: true }));
        const item = itemOf({
          responses: [{ id: "RESPONSE", cardinality: "multiple", base_type: "identifier", correct, mapping: { default_value: 0, lower_bound: 0, upper_bound: null, entries }, area_mapping: null }],
          processing: { type: "template", template: "map_response" },
        });
        const max = maxScoreOf(item)!;
        expect(processResponse(item, { RESPONSE: [...correct].reverse() }).score).toBe(max);
        // No response scores more than the correct one.
        fc.assert(fc.property(fc.subarray(choices), (picked) => void expect(processResponse(item, { RESPONSE: picked }).score!).toBeLessThanOrEqual(max)), { numRuns: 20 });
      }),
    );
  });

  it("keeps map_response within its lower and upper bounds, whatever is chosen", () => {
    fc.assert(
      fc.property(
        ids,
        fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 8, maxLength: 8 }),
        fc.double({ min: -5, max: 0, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (choices, values, lower, upper, def, picks) => {
          const mapping = { default_value: def, lower_bound: lower, upper_bound: upper, entries: choices.map((key, i) => ({ key, value: values[i], case_sensitive: true })) };
          const picked = picks.map((p) => (p % 3 === 0 ? `X${p}` : choices[p % choices.length]));
          const score = mapResponse(mapping, picked.length ? { c: "multiple", b: "identifier", v: picked } : null, "identifier");
          expect(score).toBeGreaterThanOrEqual(lower);
          expect(score).toBeLessThanOrEqual(upper);
        },
      ),
    );
  });

  it("scores a correct order (match_correct, ordered) 1 and any other permutation 0", () => {
    fc.assert(
      fc.property(ids, fc.nat(), (choices, seed) => {
        const item = itemOf({ responses: [{ id: "RESPONSE", cardinality: "ordered", base_type: "identifier", correct: choices, mapping: null, area_mapping: null }], processing: { type: "template", template: "match_correct" } });
        const shuffled = [...choices].sort((a, b) => ((a.charCodeAt(0) * 31 + seed) % 7) - ((b.charCodeAt(0) * 31 + seed) % 7));
        expect(processResponse(item, { RESPONSE: choices }).score).toBe(1);
        expect(processResponse(item, { RESPONSE: shuffled }).score).toBe(shuffled.join() === choices.join() ? 1 : 0);
      }),
    );
  });

  it("treats pairs as unordered and directed pairs as ordered", () => {
    fc.assert(
      fc.property(ids, (choices) => {
        const [a, b] = choices;
        const pairItem = itemOf({ responses: [{ id: "RESPONSE", cardinality: "multiple", base_type: "pair", correct: [[a, b]], mapping: null, area_mapping: null }], processing: { type: "template", template: "match_correct" } });
        const directed = itemOf({ responses: [{ id: "RESPONSE", cardinality: "multiple", base_type: "directedPair", correct: [[a, b]], mapping: null, area_mapping: null }], processing: { type: "template", template: "match_correct" } });
        expect(processResponse(pairItem, { RESPONSE: [[b, a]] }).score).toBe(1);
        expect(processResponse(directed, { RESPONSE: [[b, a]] }).score).toBe(0);
        expect(processResponse(directed, { RESPONSE: [[a, b]] }).score).toBe(1);
      }),
    );
  });
});
