import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CandidateSearchResult } from "@parlance/contract";
import type { ClientScope } from "../auth/scope.js";
import { clientScopeOf } from "../test/client-scope.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { insertAssignedTest, insertCandidate, signInAll } from "./test-fixtures.js";
import { searchCandidates } from "./service.js";
import { CANDIDATE_COUNT_TUNING, type CandidateCountTuning } from "./count.js";

/**
 * The candidates search's count (issue 26): exact up to its limit, "more than the limit" above
 * it, with the pages known to exist, and exact again on the last page; the pages list the same
 * candidates in the same order either way. 45 candidates whose last names, emails and employee
 * ids start "qyc" (a free term finds each of them three times over: counted once); two in three
 * have an English Reading test. The limit is set low here to take the bounded way on a small
 * database.
 */
let t: TestApp;
let admin: ClientScope;
let cookie: string;
const N = 45;
const names: string[] = [];

const scopeOf = clientScopeOf;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookie = (await signInAll(t))["admin@northwind.example"];
  admin = scopeOf(t.ids.accounts.northwind, null);
  for (let i = 0; i < N; i++) {
    const n = String(i).padStart(2, "0");
    const id = await insertCandidate(t, { firstName: `Cand${n}`, lastName: `Qyc${n}`, email: `qyc${n}@qy.test`, employeeId: `QYC-${n}`, office: i % 2 });
    names.push(`Cand${n}`);
    if (i % 3 !== 2) await insertAssignedTest(t, id, { test: "en-reading" });
  }
});
afterAll(() => t?.close());

const first = (r: CandidateSearchResult) => r.candidateProfiles.map((p) => p.displayAs.split(", ")[1]);
const direct = (query: string, page: number, tuning: CandidateCountTuning) => searchCandidates(t.ctx, admin, { query, page }, tuning);
const limit = (exactLimit: number): CandidateCountTuning => ({ ...CANDIDATE_COUNT_TUNING, exactLimit });

describe("below the limit", () => {
  it("counts exactly over HTTP, a free term's matches once though three branches find each", async () => {
    const pages: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await t.request({ method: "POST", url: "/api/candidates/search", cookie, body: { query: "qyc", page } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as CandidateSearchResult;
      expect(body).toMatchObject({ itemCount: N, pageCount: 3, itemCountBounded: false });
      pages.push(...first(body));
    }
    expect(pages).toEqual(names);
  });

  it("at exactly the limit still counts exactly (distinct candidates, not the branches' rows)", async () => {
    expect(await direct("qyc", 1, limit(N))).toMatchObject({ itemCount: N, pageCount: 3, itemCountBounded: false });
  });
});

describe("above the limit", () => {
  it("says more than the limit, offers the pages known to exist, and is exact on the last page", async () => {
    const p1 = await direct("qyc", 1, limit(N - 1));
    expect(p1).toMatchObject({ itemCount: N - 1, pageCount: 3, itemCountBounded: true });
    const low = limit(10);
    const r1 = await direct("qyc", 1, low);
    // More than 10: page 2 is known to exist (the 21st row was read).
    expect(r1).toMatchObject({ itemCount: 10, pageCount: 2, itemCountBounded: true });
    const r2 = await direct("qyc", 2, low);
    expect(r2).toMatchObject({ itemCount: 10, pageCount: 3, itemCountBounded: true });
    const r3 = await direct("qyc", 3, low);
    expect(r3).toMatchObject({ itemCount: N, pageCount: 3, itemCountBounded: false });
    // The same candidates in the same order as counted exactly, 20 a page.
    expect([r1, r2, r3].map((r) => r.candidateProfiles.length)).toEqual([20, 20, 5]);
    expect([...first(r1), ...first(r2), ...first(r3)]).toEqual(names);
  });

  it("past the last page: no rows, the count stays bounded", async () => {
    const r = await direct("qyc", 9, limit(10));
    expect(r.candidateProfiles).toEqual([]);
    expect(r).toMatchObject({ itemCount: 10, itemCountBounded: true });
    expect(r.pageCount).toBeGreaterThanOrEqual(2);
  });

  it("a test keyword read in name order pages and bounds the same way", async () => {
    const withTest = names.filter((_, i) => i % 3 !== 2);
    const r1 = await direct("last:qyc test:reading", 1, limit(10));
    expect(r1).toMatchObject({ itemCount: 10, pageCount: 2, itemCountBounded: true });
    const r2 = await direct("last:qyc test:reading", 2, limit(10));
    expect(r2).toMatchObject({ itemCount: withTest.length, pageCount: 2, itemCountBounded: false });
    expect([...first(r1), ...first(r2)]).toEqual(withTest);
    // Sorted from all its matches (by office): gathered once and counted exactly at any limit.
    const byOffice = await direct("last:qyc test:reading sort:office", 1, limit(10));
    expect(byOffice).toMatchObject({ itemCount: withTest.length, pageCount: 2, itemCountBounded: false });
  });

  it("one page of matches is counted exactly whatever the limit", async () => {
    expect(await direct("last:qyc0", 1, limit(3))).toMatchObject({ itemCount: 10, pageCount: 1, itemCountBounded: false });
  });
});
