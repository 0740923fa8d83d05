import { DUE_GROUPS, type DueGroup, type ScoreableTest } from "@parlance/contract";

/** Rows per page of Tests to score (docs/api.md: every paged list shows 20). */
export const PAGE_SIZE = 20;

export interface DueGroupRows {
  group: DueGroup;
  rows: ScoreableTest[];
}

/** Most urgent first: Overdue, Due Today, Due Tomorrow, Due Later; within a group by due time. */
export function orderByDue(tests: readonly ScoreableTest[]): ScoreableTest[] {
  const rank = (t: ScoreableTest) => DUE_GROUPS.indexOf(t.due_group);
  return [...tests].sort((a, b) => rank(a) - rank(b) || a.due_at.localeCompare(b.due_at) || a.id - b.id);
}

/** One page of the ordered list, cut into its groups; a group without rows on the page is left out. */
export function groupPage(tests: readonly ScoreableTest[], page: number): { groups: DueGroupRows[]; pageCount: number } {
  const ordered = orderByDue(tests);
  const pageCount = Math.max(1, Math.ceil(ordered.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const slice = ordered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const groups = DUE_GROUPS.map((group) => ({ group, rows: slice.filter((t) => t.due_group === group) })).filter((g) => g.rows.length > 0);
  return { groups, pageCount };
}
