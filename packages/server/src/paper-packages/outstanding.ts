import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { PAGE_SIZE, pageCountOf, type OutstandingTestGroup, type paperPackageRoutes, type UnprintedPackage } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { assignedTests, candidates, candidateTests, offices, paperPackages, paperPackageTests, tests } from "../db/schema.js";
import { candidatesInScope, clientScope, inAccount, rowsInScope, type Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { displayAsOf, packageTestColumns, packageTestOf } from "./packages.js";

/**
 * Outstanding Paper Tests (client-administration.md §2, §3 Outstanding test group, §7): the
 * candidates whose paper tests went out and whose responses have not (all) come back, paged by
 * candidate, and the packages not printed yet.
 */

const outstandingWhere = (scope: ReturnType<typeof clientScope>) =>
  and(
    candidatesInScope(scope),
    inAccount(scope, candidateTests),
    eq(tests.method, "paper"),
    inArray(candidateTests.state, ["outstanding", "partially_received"]),
    isNull(assignedTests.deletedAt),
  );

export async function listOutstanding(ctx: AppContext, scope: Scope, { page }: InputOf<typeof paperPackageRoutes.listOutstanding>) {
  const s = clientScope(scope);
  const base = () =>
    ctx.db
      .select({ id: candidates.id, firstName: candidates.firstName, middleName: candidates.middleName, lastName: candidates.lastName, employeeId: candidates.employeeId })
      .from(candidateTests)
      .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
      .innerJoin(tests, eq(tests.id, assignedTests.testId))
      .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
      .where(outstandingWhere(s));
  const [total] = await ctx.db
    .select({ n: sql<number>`count(distinct ${candidates.id})::int` })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
    .where(outstandingWhere(s));
  const itemCount = Number(total?.n ?? 0);
  const pageCount = pageCountOf(itemCount);
  const people = await base()
    .groupBy(candidates.id)
    .orderBy(asc(candidates.lastName), asc(candidates.firstName), asc(candidates.id))
    .limit(PAGE_SIZE)
    .offset((Math.min(page, pageCount) - 1) * PAGE_SIZE);
  const rows = people.length
    ? await ctx.db
        .select({
          id: assignedTests.id,
          candidateId: candidateTests.candidateId,
          state: candidateTests.state,
          startedAt: candidateTests.startedAt,
          createdAt: candidateTests.createdAt,
          test: tests.description,
        })
        .from(candidateTests)
        .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
        .innerJoin(tests, eq(tests.id, assignedTests.testId))
        .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
        .where(and(outstandingWhere(s), inArray(candidates.id, people.map((p) => p.id))))
        .orderBy(asc(candidateTests.startedAt), asc(assignedTests.id))
    : [];
  const groups: OutstandingTestGroup[] = people.map((p) => ({
    candidate: displayAsOf(p),
    candidateId: p.id,
    employeeId: p.employeeId,
    tests: rows
      .filter((r) => r.candidateId === p.id)
      .map((r) => ({ id: r.id, date: (r.startedAt ?? r.createdAt).toISOString(), test: r.test, incomplete: r.state === "partially_received" })),
  }));
  return { candidates: groups, itemCount, pageCount };
}

/** Packages of the caller's reach whose PDF nobody has downloaded yet, newest first. */
export async function unprintedPackages(ctx: AppContext, scope: Scope) {
  const s = clientScope(scope);
  const packages = await ctx.db
    .select({ id: paperPackages.id, groupKey: paperPackages.groupKey, createdAt: paperPackages.createdAt })
    .from(paperPackages)
    .where(and(rowsInScope(s, paperPackages), isNull(paperPackages.printedAt)))
    .orderBy(desc(paperPackages.createdAt), desc(paperPackages.id))
    .limit(200);
  const rows = packages.length
    ? await ctx.db
        .select({ packageId: paperPackageTests.packageId, ...packageTestColumns })
        .from(paperPackageTests)
        .innerJoin(assignedTests, eq(assignedTests.id, paperPackageTests.assignedTestId))
        .innerJoin(tests, eq(tests.id, assignedTests.testId))
        .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
        .leftJoin(offices, eq(offices.id, candidates.officeId))
        .where(inArray(paperPackageTests.packageId, packages.map((p) => p.id)))
        .orderBy(asc(paperPackageTests.position))
    : [];
  const unprinted_tests: UnprintedPackage[] = packages.map((p) => ({
    group_key: p.groupKey,
    created_at: p.createdAt.toISOString(),
    tests: rows
      .filter((r) => r.packageId === p.id)
      .map((r) => ({ ...packageTestOf(r), candidate_name: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(" ") })),
  }));
  return { unprinted_tests };
}
