import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { SearchQuery } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assignedTests, candidateTests } from "../db/schema.js";
import type { ClientScope } from "../auth/scope.js";
import { clientScopeOf } from "../test/client-scope.js";
import { parsedSearchQuery } from "../http/validation.js";
import { historyRows, searchHistory } from "./service.js";
import { SEARCH_TUNING, type SearchTuning } from "./page.js";
import { makeAssignedTest, makeCandidate } from "./test-fixtures.js";

/**
 * The history's order and counts as the search reads them at scale (order.ts, page.ts): a search
 * either gathers its matches and sorts them, or walks an index in the order; on this small
 * database every search is made to go both ways, and both must give the same pages, and the
 * downloads (batches resumed after their last row) the same rows. The orders themselves are
 * checked against the spec's keys on a set of candidates made here.
 */
let t: TestApp;
let admin: ClientScope;
let officeUser: ClientScope;
let boston: number;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const base = Date.UTC(2026, 0, 15, 15);

interface Made {
  id: number;
  last: string;
  first: string;
  email: string;
  employeeId: string;
  office: string | null;
  role: string | null;
  test: string;
  method: string;
  date: number;
  created: number;
}
const made: Made[] = [];

const WALK: SearchTuning = { ...SEARCH_TUNING, gatherEstimate: -1, smallCandidateSet: -1 };
/** Walked reading each test's candidate, even where an index of candidates could give them all. */
const WALK_JOINED: SearchTuning = { ...WALK, candidateSetEstimate: -1 };
/** Walks stopped at once (on PostgreSQL; PGlite cannot stop a statement): gathered after all. */
const WALK_STOPPED: SearchTuning = { ...WALK, walkBudgetMs: 1 };
const GATHER: SearchTuning = { ...SEARCH_TUNING, gatherEstimate: Number.MAX_SAFE_INTEGER, exactCountLimit: 1_000_000 };

const scopeOf = clientScopeOf;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  const northwind = t.ids.accounts.northwind;
  const [bostonId, chicago] = t.ids.offices.northwind;
  boston = bostonId;
  admin = scopeOf(northwind, null);
  officeUser = scopeOf(northwind, boston);
  const at = t.ids.catalogue.accountTests[northwind];
  const roles = Object.entries(t.ids.catalogue.healthcareRoles).slice(0, 2);
  const tests: [string, string, string][] = [
    ["en-reading", "English Reading Proficiency", "online"],
    ["es-ls-live", "Spanish Listening and Speaking (Live)", "live"],
    ["es-ls-ivr", "Spanish Listening and Speaking (Phone)", "ivr"],
    ["ar-reading", "Arabic Reading Proficiency", "online"],
    ["es-reading-paper", "Spanish Reading (Paper)", "paper"],
  ];
  const offices: [number | null, string | null][] = [
    [boston, "Boston"],
    [chicago, "Chicago"],
    [null, null],
  ];
  for (let i = 0; i < 14; i++) {
    const last = ["Vorderman", "Vorderberg", "vorderAlpha", "Vorderman"][i % 4];
    const first = ["Ann", "bob", "Cara", "Ann", "dave"][i % 5];
    const [officeId, office] = offices[i % 3];
    const role = i % 3 === 2 ? null : roles[i % 2];
    const email = `vorder.${String.fromCharCode(122 - i)}${i}@example.test`;
    const employeeId = i % 2 ? `vo-${100 + i}` : `VO-${200 - i}`;
    const candidateId = await makeCandidate(t.ctx.db, {
      accountId: northwind,
      officeId,
      firstName: first,
      lastName: last,
      email,
      employeeId,
      healthCareRoleId: role ? role[1].id : null,
      clientNotes: "Vordernote",
    });
    for (let k = 0; k <= i % 3; k++) {
      const [key, test, method] = tests[(i + k) % tests.length];
      // Some tests share their assignment time (ties go to the id), some dates come before it.
      const created = base - (i % 5) * DAY - k * HOUR;
      const scheduled = method === "live" ? created + (i % 2 ? 3 : -2) * DAY : null;
      const started = i % 4 === 1 && !scheduled ? created + 5 * HOUR : null;
      const id = await makeAssignedTest(t.ctx.db, {
        candidateId,
        accountTestId: at[key],
        createdAt: new Date(created),
        scheduledAt: scheduled ? new Date(scheduled) : null,
        expiresAt: new Date(created + (i % 3 === 1 ? 30 : -1) * DAY),
        state: started ? "taken" : "takeable",
        attempt: started ? { state: "received", startedAt: new Date(started), receivedAt: new Date(started + HOUR) } : undefined,
      });
      made.push({ id, last, first, email, employeeId, office, role: role ? role[0] : null, test, method, date: scheduled ?? started ?? created, created });
    }
  }
});
afterAll(() => t?.close());

const query = (text: string): SearchQuery => parsedSearchQuery(text);

/** Every page of a search, as ids. */
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function pages(scope: ClientScope, text: string, tuning: SearchTuning): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await searchHistory(t.ctx, scope, { query: text, page }, tuning);
    ids.push(...res.results.map((r) => r.id));
    if (res.results.length < 20) return ids;
  }
  throw new Error("too many pages");
}

async function download(scope: ClientScope, text: string, tuning: SearchTuning, window: number): Promise<number[]> {
  const ids: number[] = [];
  for await (const rows of historyRows(t.ctx.db, scope, query(text), { ids: window, items: 2 }, tuning)) ids.push(...rows.map((r) => r.id));
  return ids;
}

const SORTS = ["", ...["name", "id", "email", "date", "office", "health_care_role", "test", "method"].flatMap((f) => [`sort:${f}`, `sort:-${f}`])];

describe("history order", () => {
  it("sorts by the spec's keys, then newest assignment first", async () => {
    const lower = (s: string | null) => (s === null ? null : s.toLowerCase());
    const keysOf: Record<string, (m: Made) => (string | number | null)[]> = {
      name: (m) => [lower(m.last), lower(m.first)],
      id: (m) => [m.employeeId],
      email: (m) => [lower(m.email)],
      date: (m) => [m.date],
      office: (m) => [lower(m.office)],
      health_care_role: (m) => [lower(m.role)],
      test: (m) => [lower(m.test)],
      method: (m) => [m.method],
    };
    const cmp = (a: string | number | null, b: string | number | null, descending: boolean) => {
      if (a === b) return 0;
      if (a === null) return 1;
      if (b === null) return -1;
      return (a < b ? -1 : 1) * (descending ? -1 : 1);
    };
    for (const sort of SORTS) {
      const field = sort.replace(/^sort:-?/, "");
      const descending = sort.startsWith("sort:-");
      const expected = [...made]
        .sort((a, b) => {
          const ka = field ? keysOf[field](a) : [];
          const kb = field ? keysOf[field](b) : [];
          for (let i = 0; i < ka.length; i++) {
            const c = cmp(ka[i], kb[i], descending);
            if (c) return c;
          }
          return b.created - a.created || b.id - a.id;
        })
        .map((m) => m.id);
      expect(await pages(admin, `vorder ${sort}`, GATHER), sort).toEqual(expected);
    }
  });

  it("gives the same pages walked as gathered, and the same rows downloaded in batches", async () => {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // The candidates made here, found through their name (the walk reads them from the candidates
    // search indexes) or through their notes (the walk joins each test's candidate).
    const found = ["vorder", "notes:vordernote"];
    const filters = [
      `end_date:<=${day(base - 2 * DAY)}`,
      `start_date:>=${day(base - 3 * DAY)} end_date:<=${day(base + DAY)}`,
      "expired:yes",
      "expired:no",
      "office:Boston",
      "method:live",
      "type:reading",
      "health_care_role:" + Object.keys(t.ids.catalogue.healthcareRoles)[0].slice(0, 3),
      `created:${day(Date.now() - DAY)}..${day(Date.now() + DAY)}`,
      `updated:>=${day(Date.now() - DAY)}`,
    ];
    // Each search gathered, and walked (reading each test's candidate, or the candidates of an
    // indexed term once), and downloaded in small windows walked or gathered.
    type Check = "joined" | "download walked" | "download gathered";
    const searches: [ClientScope, string, Check[]][] = [
      ...found.flatMap((f) => SORTS.map((sort): [ClientScope, string, Check[]] => [admin, `${f} ${sort}`, ["download walked"]])),
      ...SORTS.map((sort): [ClientScope, string, Check[]] => [officeUser, `vorder ${sort}`, ["joined", "download gathered"]]),
      ...filters.flatMap((g, i) =>
        ["", "sort:-date", "sort:office", "sort:-test"].map((sort, j): [ClientScope, string, Check[]] => [admin, `${found[(i + j) % 2]} ${g} ${sort}`, ["download gathered"]]),
      ),
    ];
    for (const [scope, text, checks] of searches) {
      const label = `${scope.officeId ? "office user" : "admin"}: "${text}"`;
      const gathered = await pages(scope, text, GATHER);
      expect(await pages(scope, text, WALK), label).toEqual(gathered);
      if (checks.includes("joined")) expect(await pages(scope, text, WALK_JOINED), label).toEqual(gathered);
      if (checks.includes("download walked")) expect(await download(scope, text, WALK, 5), label).toEqual(gathered);
      if (checks.includes("download gathered")) expect(await download(scope, text, GATHER, 9), label).toEqual(gathered);
    }
  }, 90_000);

  it("finds a first name by its start, walked as gathered; a value with a space must start the first name itself (issue 26)", async () => {
    const ann = made.filter((m) => m.first === "Ann").map((m) => m.id);
    for (const text of ["vorder first:ann", "vorder first:AN sort:name", "vorder first:\"ann\" sort:-date"]) {
      const gathered = await pages(admin, text, GATHER);
      expect(sorted(gathered), text).toEqual(sorted(ann));
      expect(await pages(admin, text, WALK), text).toEqual(gathered);
      expect(await download(admin, text, WALK, 5), text).toEqual(gathered);
    }
    // "ann vorderman" is a full name, not a first name.
    expect(await pages(admin, 'first:"ann vorder"', GATHER)).toEqual([]);
    expect(await pages(admin, 'first:"ann vorder"', WALK)).toEqual([]);
  });

  it("gathers a search whose walk runs past its budget, with the same pages and rows", async () => {
    for (const text of ["vorder sort:office", "notes:vordernote sort:-date", "vorder end_date:<=2026-01-14", "notes:vordernote"]) {
      const gathered = await pages(admin, text, GATHER);
      expect(await pages(admin, text, WALK_STOPPED), text).toEqual(gathered);
      expect(await download(admin, text, WALK_STOPPED, 5), text).toEqual(gathered);
    }
  });

  it("reads the whole account's first pages the same way walked as gathered", async () => {
    for (const sort of SORTS) {
      const walked = await searchHistory(t.ctx, admin, { query: sort, page: 2 }, WALK);
      const gathered = await searchHistory(t.ctx, admin, { query: sort, page: 2 }, GATHER);
      expect(walked.results.map((r) => r.id), sort).toEqual(gathered.results.map((r) => r.id));
    }
  });
});

describe("history counts", () => {
  it("counts exactly what it gathers, and past the limit gives an estimate with the pages it can offer", async () => {
    const exact = await searchHistory(t.ctx, admin, { query: "vorder", page: 1 }, GATHER);
    expect(exact.itemCount).toBe(made.length);
    expect(exact.pageCount).toBe(Math.ceil(made.length / 20));
    const capped = await searchHistory(t.ctx, admin, { query: "vorder", page: 1 }, { ...SEARCH_TUNING, gatherEstimate: Number.MAX_SAFE_INTEGER, exactCountLimit: 5, estimatedPages: 1 });
    expect(capped.results.map((r) => r.id)).toEqual(exact.results.map((r) => r.id));
    expect(capped.itemCount).toBeGreaterThan(20);
    expect(capped.pageCount).toBe(1);
  });

  it("a search whose indexed candidates are few is counted exactly, whichever way its walk would read them (issue 26)", async () => {
    // Estimated above what is gathered, and above where a walk reads its candidates once: the
    // candidates are still counted first, and being few, their tests are gathered and counted.
    const few: SearchTuning = { ...SEARCH_TUNING, gatherEstimate: -1, candidateSetEstimate: -1, smallSetCheckEstimate: Number.MAX_SAFE_INTEGER, smallCandidateSet: 1000 };
    const counted = await searchHistory(t.ctx, admin, { query: "vorder", page: 1 }, few);
    expect(counted.itemCount).toBe(made.length);
    expect(counted.pageCount).toBe(Math.ceil(made.length / 20));
    expect(counted.results.map((r) => r.id)).toEqual((await searchHistory(t.ctx, admin, { query: "vorder", page: 1 }, GATHER)).results.map((r) => r.id));
  });

  it("a walked page with nothing after it counts exactly", async () => {
    const walked = await searchHistory(t.ctx, officeUser, { query: "vorder sort:name", page: 1 }, WALK);
    const expected = made.filter((m) => m.office === "Boston").length;
    expect(walked.results).toHaveLength(expected);
    expect(walked.itemCount).toBe(expected);
    expect(walked.pageCount).toBe(1);
  });
});

describe("stored test facts", () => {
  it("follow the appointment and the attempt, whoever writes them", async () => {
    const db = t.ctx.db;
    const facts = async (id: number) => (await db.select({ date: assignedTests.testDate, attempted: assignedTests.hasAttempt }).from(assignedTests).where(eq(assignedTests.id, id)))[0];
    const candidateId = await makeCandidate(db, { accountId: admin.accountId, officeId: boston, lastName: "Factsworth" });
    const created = new Date(base - 40 * DAY);
    const id = await makeAssignedTest(db, { candidateId, accountTestId: t.ids.catalogue.accountTests[admin.accountId]["en-reading"], createdAt: created });
    expect(await facts(id)).toEqual({ date: created, attempted: false });

    const started = new Date(base - 39 * DAY);
    const [attempt] = await db.insert(candidateTests).values({ assignedTestId: id, candidateId, accountId: admin.accountId, state: "in_progress", startedAt: started }).returning();
    expect(await facts(id)).toEqual({ date: started, attempted: true });
    const found = await searchHistory(t.ctx, admin, { query: `factsworth start_date:${started.toISOString().slice(0, 10)}`, page: 1 });
    expect(found.results.map((r) => r.id)).toEqual([id]);

    const received = new Date(base - 38 * DAY);
    await db.update(candidateTests).set({ startedAt: null, receivedAt: received }).where(eq(candidateTests.id, attempt.id));
    expect(await facts(id)).toEqual({ date: received, attempted: true });

    const scheduled = new Date(base - 30 * DAY);
    await db.update(assignedTests).set({ scheduledAt: scheduled }).where(eq(assignedTests.id, id));
    expect(await facts(id)).toEqual({ date: scheduled, attempted: true });

    await db.delete(candidateTests).where(eq(candidateTests.id, attempt.id));
    expect(await facts(id)).toEqual({ date: scheduled, attempted: false });
    await db.update(assignedTests).set({ scheduledAt: null }).where(eq(assignedTests.id, id));
    expect(await facts(id)).toEqual({ date: created, attempted: false });
  });
});
