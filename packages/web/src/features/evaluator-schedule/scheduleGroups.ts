import { SCHEDULE_GROUPS, type EvaluatorScheduledTest, type ScheduleGroup } from "@parlance/contract";

/** Rows per page of Scheduled Tests (docs/api.md: every paged list shows 20). */
export const PAGE_SIZE = 20;

export interface ScheduleGroupRows {
  group: ScheduleGroup;
  rows: EvaluatorScheduledTest[];
}

/**
 * One page of the list (already soonest first from the server), cut into its groups; a group
 * without rows on the page is left out.
 */
export function schedulePage(tests: readonly EvaluatorScheduledTest[], page: number): { groups: ScheduleGroupRows[]; pageCount: number; page: number } {
  const pageCount = Math.max(1, Math.ceil(tests.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const slice = tests.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const groups = SCHEDULE_GROUPS.map((group) => ({ group, rows: slice.filter((t) => t.group === group) })).filter((g) => g.rows.length > 0);
  return { groups, pageCount, page: current };
}
