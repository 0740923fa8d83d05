import { describe, expect, it } from "vitest";
import type { ScoreableTest } from "@parlance/contract";
import { groupPage, PAGE_SIZE } from "./dueGroups";

const test = (id: number, due_group: ScoreableTest["due_group"], due_at: string): ScoreableTest => ({
  id, is_review: false, number: String(id), description: "English Reading", method_short_name: "online", test_datetime: due_at,
  evaluator_assigned_at: due_at, due_at, due_group, language: "English", evaluator_id: 1, evaluator_name: "Eve",
});

describe("Tests to score groups", () => {
  it("orders Overdue, Due Today, Due Tomorrow, Due Later and leaves empty groups out", () => {
    const { groups, pageCount } = groupPage([test(1, "later", "2026-12-01T00:00:00Z"), test(2, "overdue", "2026-11-01T00:00:00Z"), test(3, "today", "2026-11-23T20:00:00Z")], 1);
    expect(groups.map((g) => g.group)).toEqual(["overdue", "today", "later"]);
    expect(pageCount).toBe(1);
  });

  it("pages a long list, most urgent first", () => {
    const many = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => test(i + 1, i < 3 ? "later" : "overdue", `2026-11-${String(10 + (i % 10)).padStart(2, "0")}T00:00:00Z`));
    const first = groupPage(many, 1);
    expect(first.pageCount).toBe(2);
    expect(first.groups.map((g) => g.group)).toEqual(["overdue"]);
    const second = groupPage(many, 2);
    expect(second.groups.flatMap((g) => g.rows)).toHaveLength(3);
    expect(second.groups.map((g) => g.group)).toEqual(["later"]);
  });
});
