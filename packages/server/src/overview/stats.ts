import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { ALTA_LEVELS, STATS_MONTHS, type TestStats } from "@parlance/contract";
import type { DbContext } from "../context.js";
import { assignedTests, candidateTests, candidates } from "../db/schema.js";
import { candidatesInScope, clientScope, type Scope } from "../auth/scope.js";

const ZONE = "America/New_York";

/**
 * GET /api/overview/test_stats: the client's tests assigned and results scored in each of the last
 * 12 calendar months (Eastern, the provider's business zone), and those results by ALTA level.
 * Through the tenant scope: the account's candidates, an office user's office's only.
 */
export async function testStats(ctx: DbContext, scope: Scope, now = new Date()): Promise<TestStats> {
  const client = clientScope(scope);
  const first = DateTime.fromJSDate(now, { zone: ZONE }).startOf("month").minus({ months: STATS_MONTHS - 1 });
  const since = first.toJSDate();
  const months = Array.from({ length: STATS_MONTHS }, (_, i) => first.plus({ months: i }).toFormat("yyyy-MM"));
  const inScope = candidatesInScope(client);

  // The zone is written into the SQL (a constant): as a parameter, GROUP BY would not match the selected expression.
  const assignedMonth = sql<string>`to_char(${assignedTests.createdAt} AT TIME ZONE ${sql.raw(`'${ZONE}'`)}, 'YYYY-MM')`;
  const scoredMonth = sql<string>`to_char(${candidateTests.scoredAt} AT TIME ZONE ${sql.raw(`'${ZONE}'`)}, 'YYYY-MM')`;
  const [assigned, scored, levels] = await Promise.all([
    ctx.db
      .select({ month: assignedMonth, n: count() })
      .from(assignedTests)
      .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
      .where(and(inScope, isNull(assignedTests.deletedAt), gte(assignedTests.createdAt, since)))
      .groupBy(assignedMonth),
    ctx.db
      .select({ month: scoredMonth, n: count() })
      .from(candidateTests)
      .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
      .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
      .where(and(inScope, isNull(assignedTests.deletedAt), eq(candidateTests.resultState, "scored"), gte(candidateTests.scoredAt, since)))
      .groupBy(scoredMonth),
    ctx.db
      .select({ level: candidateTests.resultValue, n: count() })
      .from(candidateTests)
      .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
      .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
      .where(and(inScope, isNull(assignedTests.deletedAt), eq(candidateTests.resultState, "scored"), gte(candidateTests.scoredAt, since)))
      .groupBy(candidateTests.resultValue),
  ]);
  const byMonth = (rows: { month: string; n: number }[]) => new Map(rows.map((r) => [r.month, Number(r.n)]));
  const assignedBy = byMonth(assigned);
  const scoredBy = byMonth(scored);
  const levelBy = new Map(levels.map((r) => [r.level?.trim() ?? "", Number(r.n)]));
  return {
    by_month: months.map((month) => ({ month, assigned: assignedBy.get(month) ?? 0, scored: scoredBy.get(month) ?? 0 })),
    by_level: ALTA_LEVELS.map((level) => ({ level, count: levelBy.get(level) ?? 0 })),
  };
}
