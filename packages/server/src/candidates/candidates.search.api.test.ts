import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SEARCH_KEYWORDS } from "@parlance/contract";
import { candidates } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { insertAssignedTest, insertCandidate, signInAll } from "./test-fixtures.js";

/**
 * The query language of spec §5 on POST /api/candidates/search: every keyword, quoted terms,
 * free terms, sort options, the expiration filter, paging, bad queries, and what never lists.
 * The candidates of this file all have last names starting "Qz", so `last:qz` isolates them from
 * the demo world.
 */
let t: TestApp;
let cookies: Record<string, string>;
const admin = () => cookies["admin@northwind.example"];
const day = (d: string) => new Date(`${d}T15:00:00Z`);
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookies = await signInAll(t);
  ids.ann = await insertCandidate(t, {
    firstName: "Ann",
    middleName: "Beth",
    lastName: "Qzmith",
    employeeId: "QZ-001",
    email: "ann.qzmith@qz.test",
    office: 0,
    role: "Nurse",
    specialty: "Registered Nurse",
    notes: "Prefers evening calls",
    adjustments: true,
    createdAt: day("2024-03-10"),
    updatedAt: day("2024-03-10"),
  });
  await insertAssignedTest(t, ids.ann, { test: "en-reading", state: "taken", createdAt: day("2025-01-20"), attempt: { state: "received", at: day("2025-02-01"), score: "8" } });
  await insertAssignedTest(t, ids.ann, { test: "es-ls-live", state: "expired", createdAt: day("2024-06-01"), expiresAt: day("2024-07-01") });

  ids.bob = await insertCandidate(t, { firstName: "Bob", lastName: "Qzmithson", employeeId: "QZ-002", email: "bob@qz.test", office: 1, createdAt: day("2024-05-05") });
  await insertAssignedTest(t, ids.bob, { test: "es-ls-ivr", state: "takeable" });
  await insertAssignedTest(t, ids.bob, { test: "zh-writing", deleted: true });

  ids.carla = await insertCandidate(t, { firstName: "Carla", lastName: "Qz de la Cruz", employeeId: "QZ-003", email: "carla@qz.test", office: 2, role: "Physician", specialty: "Pediatrics" });
  await insertAssignedTest(t, ids.carla, { test: "cmn-ls-video", state: "needs_scheduling", scheduledAt: day("2030-05-05"), expiresAt: day("2030-06-01") });

  ids.dan = await insertCandidate(t, { firstName: "Dan", lastName: "Qzolo", employeeId: "X-QZ-9", email: "dan.qzolo@qz.test", office: null, createdAt: day("2025-06-01"), updatedAt: day("2025-06-15") });

  ids.gus = await insertCandidate(t, { firstName: "Gus", lastName: "Qzexp", employeeId: "QZ-004", email: "gus@qz.test", office: 0 });
  // Still 'takeable', never started, and past its expiry: expired all the same.
  await insertAssignedTest(t, ids.gus, { test: "en-writing", state: "takeable", createdAt: day("2024-01-01"), expiresAt: day("2024-01-31") });

  const gone = await insertCandidate(t, { firstName: "Gone", lastName: "Qzdeleted", office: 0 });
  await t.ctx.db.update(candidates).set({ deletedAt: new Date() }).where(eq(candidates.id, gone));
  await insertCandidate(t, { account: "contoso", firstName: "Other", lastName: "Qzmith", office: 0 });
});
afterAll(() => t?.close());

const search = (query: string, page: number | string = 1, cookie = admin()) => t.request({ method: "POST", url: "/api/candidates/search", cookie, body: { query, page } });
/** The first names found, in order. */
async function found(query: string, cookie = admin()): Promise<string[]> {
  const res = await search(query, 1, cookie);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json().candidateProfiles.map((p: { displayAs: string }) => p.displayAs.split(", ")[1].split(" ")[0]);
}
const sorted = (names: string[]) => [...names].sort();

describe("free terms", () => {
  it("match the start of the last name, case-insensitively", async () => {
    expect(await found("qzmith")).toEqual(["Ann", "Bob"]);
    expect(await found("QZMITHSON")).toEqual(["Bob"]);
  });

  it("match the start of the first name, and of 'first last' in quotes", async () => {
    expect(await found("carla qz")).toEqual(["Carla"]);
    expect(await found('"ann qzm"')).toEqual(["Ann"]);
    expect(await found('"carla qz de la"')).toEqual(["Carla"]);
  });

  it("match the start of the email address and of the employee id", async () => {
    expect(await found("bob@qz")).toEqual(["Bob"]);
    expect(await found("dan.qzolo@qz.test")).toEqual(["Dan"]);
    expect(sorted(await found("qz-00"))).toEqual(["Ann", "Bob", "Carla", "Gus"]);
  });

  it("must all match (AND)", async () => {
    expect(await found("qzmith ann")).toEqual(["Ann"]);
    expect(await found("qzmith carla")).toEqual([]);
  });

  it("mean themselves: % and _ are not wildcards", async () => {
    expect(await found("qz%")).toEqual([]);
    expect(await found("last:q_mith")).toEqual([]);
  });
});

describe("keywords", () => {
  const cases: [string, string[]][] = [
    ["name:qzmith", ["Ann", "Bob"]],
    ["name:gus last:qz", ["Gus"]],
    ["first:ann last:qz", ["Ann"]],
    ["first:AN last:qz", ["Ann"]],
    // "ann qzmith" is her full name; first: wants a first name that starts so.
    ['first:"ann qz" last:qz', []],
    ["last:qzmiths", ["Bob"]],
    ['last:"qz de la cruz"', ["Carla"]],
    ["middle:be last:qz", ["Ann"]],
    ["id:QZ-00", ["Ann", "Bob", "Carla", "Gus"]],
    ["id:x-qz", ["Dan"]],
    ["email:dan.qz", ["Dan"]],
    ["office:boston last:qz", ["Ann", "Gus"]],
    ["office:Chi last:qz", ["Bob"]],
    ['office:"seattle" last:qz', ["Carla"]],
    ["health_care_role:nurse last:qz", ["Ann"]],
    ["health_care_role:phys last:qz", ["Carla"]],
    // The role's name only, as in the test history (issue 23): Pediatrics is Carla's specialty.
    ["health_care_role:pedi last:qz", []],
    ['notes:"evening calls"', ["Ann"]],
    ["notes:EVENING last:qz", ["Ann"]],
    ["test:reading last:qz", ["Ann"]],
    ['test:"listening and speaking" last:qz', ["Ann", "Bob", "Carla"]],
    ["method:ivr last:qz", ["Bob"]],
    ["method:live last:qz", ["Ann"]],
    ["method:Video last:qz", ["Carla"]],
    ["language:spanish last:qz", ["Ann", "Bob"]],
    ["language:mandarin last:qz", ["Carla"]],
    // Bob's Chinese test was deleted: it does not count.
    ["language:chinese last:qz", []],
    ["type:reading last:qz", ["Ann"]],
    ['type:"listening and speaking" last:qz', ["Ann", "Bob", "Carla"]],
    ["type:writing last:qz", ["Gus"]],
    ["start_date:2030-01-01 last:qz", ["Carla"]],
    ["end_date:2024-06-30 last:qz", ["Ann", "Gus"]],
    // Both bounds on the same test: only Ann's test of 2025-02-01.
    ["start_date:2025-01-01 end_date:2025-03-01 last:qz", ["Ann"]],
    ["assigned:2024-06-01 last:qz", ["Ann"]],
    ["assigned:2024-01-01..2024-01-02 last:qz", ["Gus"]],
    ["expired:yes last:qz", ["Ann", "Gus"]],
    ["expired:no last:qz", ["Ann", "Bob", "Carla"]],
    ["expired:all last:qz", ["Ann", "Bob", "Carla", "Gus", "Dan"]],
    ["created:2024-03-10 last:qz", ["Ann"]],
    ["created:>=2025-06-01 created:<2025-07-01 last:qz", ["Dan"]],
    ["updated:2025-06-15 last:qz", ["Dan"]],
    ["adjustments:yes last:qz", ["Ann"]],
    ["adjustments:no last:qz", ["Bob", "Carla", "Dan", "Gus"]],
    // Every test keyword at once must hold for one and the same test.
    ["test:reading method:online language:english type:reading expired:no start_date:2025-02-01 end_date:2025-02-01 assigned:2025-01-20 last:qz", ["Ann"]],
  ];
  for (const [query, names] of cases) {
    it(query, async () => {
      expect(sorted(await found(query))).toEqual(sorted(names));
    });
  }

  it("every keyword of spec §5 is covered above", () => {
    const used = new Set(cases.flatMap(([q]) => [...q.matchAll(/(\w+):/g)].map((m) => m[1])));
    used.add("sort"); // below
    expect(SEARCH_KEYWORDS.filter((k) => !used.has(k))).toEqual([]);
  });
});

describe("sorting", () => {
  it("is by last name, then first name, by default", async () => {
    expect(await found("last:qz")).toEqual(["Carla", "Gus", "Ann", "Bob", "Dan"]);
  });

  const cases: [string, string[]][] = [
    ["sort:name", ["Carla", "Gus", "Ann", "Bob", "Dan"]],
    ["sort:-name", ["Dan", "Bob", "Ann", "Gus", "Carla"]],
    ["sort:id", ["Ann", "Bob", "Carla", "Gus", "Dan"]],
    ["sort:-id", ["Dan", "Gus", "Carla", "Bob", "Ann"]],
    ["sort:email", ["Ann", "Bob", "Carla", "Dan", "Gus"]],
    // No office first, then Boston (by name), Chicago, Seattle.
    ["sort:office", ["Dan", "Gus", "Ann", "Bob", "Carla"]],
    ["sort:health_care_role", ["Gus", "Bob", "Dan", "Ann", "Carla"]],
    // The latest test of each: Ann's English Reading (2025), Bob's Spanish IVR, Carla's Mandarin video, Gus's English Writing.
    ["sort:test", ["Dan", "Ann", "Gus", "Carla", "Bob"]],
    // Ties (Ann and Gus: online) go by name.
    ["sort:method", ["Dan", "Bob", "Gus", "Ann", "Carla"]],
    ["sort:-date", ["Carla", "Bob", "Ann", "Gus", "Dan"]],
  ];
  for (const [sort, names] of cases) {
    it(sort, async () => {
      expect(await found(`last:qz ${sort}`)).toEqual(names);
    });
  }

  it("sort:id and sort:email order ties by name, as the other sorts do (issue 23; they went by creation)", async () => {
    // Created Zed first: by creation Zed would come first.
    for (const firstName of ["Zed", "Abe", "Mia"]) {
      await insertCandidate(t, { firstName, lastName: firstName === "Mia" ? "Xqtiea" : "Xqtieb", employeeId: "XQ-TIE", email: "tie@xq.test", office: 0 });
    }
    for (const sort of ["sort:id", "sort:email"]) {
      expect(await found(`last:xqtie ${sort}`)).toEqual(["Mia", "Abe", "Zed"]);
      expect(await found(`last:xqtie ${sort.replace(":", ":-")}`)).toEqual(["Zed", "Abe", "Mia"]);
    }
    // The download pages through the same order.
    const csv = await t.request({ method: "GET", url: `/api/candidates/download?query=${encodeURIComponent("last:xqtie sort:email")}`, cookie: admin() });
    expect(csv.body.split("\n").flatMap((line) => line.match(/Mia|Abe|Zed/)?.[0] ?? [])).toEqual(["Mia", "Abe", "Zed"]);
  });
});

describe("a free term sorted by name (issue 26: PostgreSQL may walk the name index for a branch of the first name or email)", () => {
  it("merges its branches in name order, ties by id, with % and _ meaning themselves", async () => {
    const made: [string, number][] = [];
    const add = async (firstName: string, lastName: string, email: string) =>
      made.push([`${lastName}, ${firstName}`, await insertCandidate(t, { firstName, lastName, email, employeeId: `WQ-${made.length}`, office: 0 })]);
    // Found by the first name (three share their name), by the email, by the last name.
    for (let i = 0; i < 3; i++) await add("Wqtie", "Alpha", `wqtie.${i}@wq.test`);
    await add("Wq_1", "Beta", "beta@wq.test");
    await add("Ann", "Delta", "wq.delta@wq.test");
    await add("Wq%", "Gamma", "gamma@wq.test");
    await add("Zed", "Wqlast", "zed@wq.test");
    const listed = async (query: string) => ((await search(query)).json().candidateProfiles as { id: number; displayAs: string }[]).map((p): [string, number] => [p.displayAs, p.id]);
    expect(await listed("wq")).toEqual(made);
    expect(await listed("wq sort:-name")).toEqual([...made].reverse());
    expect(await listed("wq_")).toEqual([made[3]]);
    expect(await listed("wq%")).toEqual([made[5]]);
    expect((await search("wq")).json().itemCount).toBe(made.length);
  });
});

describe("health_care_role: in the candidates search and the test history (issue 23)", () => {
  it("finds the same candidates: by the role's name, not its specialty's", async () => {
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    for (const [query, names] of [
      ["health_care_role:phys last:qz", ["carla"]],
      ["health_care_role:nurse last:qz", ["ann"]],
      ["health_care_role:pedi last:qz", []],
      ["health_care_role:registered last:qz", []],
    ] as const) {
      expect((await found(query)).map((n) => n.toLowerCase()), query).toEqual(names);
      const history = await t.request({ method: "GET", url: `/api/test_history/search?query=${encodeURIComponent(query)}&page=1`, cookie: admin() });
      expect(history.statusCode, history.body).toBe(200);
      const inHistory = [...new Set(history.json().results.map((r: { candidateId: number }) => byId.get(r.candidateId)))];
      expect(inHistory, query).toEqual(names);
    }
  });
});

describe("what never lists", () => {
  it("deleted candidates and other accounts' candidates", async () => {
    const all = await found("last:qz");
    expect(all).not.toContain("Gone");
    expect(all).not.toContain("Other");
    expect(await found("qzdeleted")).toEqual([]);
  });

  it("other offices' candidates for office-bound callers", async () => {
    for (const email of ["office.user@northwind.example", "office.admin@northwind.example"]) {
      expect(await found("last:qz", cookies[email])).toEqual(["Gus", "Ann"]);
      expect(await found("last:qz office:chicago", cookies[email])).toEqual([]);
    }
  });

  it("Contoso sees its own Qzmith only", async () => {
    expect(await found("last:qz", cookies["admin@contoso.example"])).toEqual(["Other"]);
  });
});

describe("paging", () => {
  it("pages by 20 with the total count", async () => {
    for (let i = 0; i < 25; i++) await insertCandidate(t, { firstName: `P${String(i).padStart(2, "0")}`, lastName: "Qzpage", office: 1 });
    const first = (await search("last:qzpage")).json();
    expect(first.itemCount).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.candidateProfiles).toHaveLength(20);
    expect(first.candidateProfiles[0].displayAs).toBe("Qzpage, P00");
    const second = (await search("last:qzpage", 2)).json();
    expect(second.candidateProfiles.map((p: { displayAs: string }) => p.displayAs)).toEqual(["Qzpage, P20", "Qzpage, P21", "Qzpage, P22", "Qzpage, P23", "Qzpage, P24"]);
    const beyond = (await search("last:qzpage", 3)).json();
    expect(beyond).toEqual({ candidateProfiles: [], itemCount: 25, pageCount: 2, itemCountBounded: false });
    // Free terms (several index branches) page the same way.
    const free = (await search("qzpage", 2)).json();
    expect(free.itemCount).toBe(25);
    expect(free.candidateProfiles[0].displayAs).toBe("Qzpage, P20");
    // A test keyword (one pass for count and page) too.
    expect((await search("qzpage expired:all test:nothing-like-this")).json()).toEqual({ candidateProfiles: [], itemCount: 0, pageCount: 1, itemCountBounded: false });
  });

  it("an empty query lists every candidate of the account, with the profile fields", async () => {
    const res = (await search("")).json();
    expect(res.itemCount).toBeGreaterThan(60);
    const ann = (await search("qzmith ann")).json().candidateProfiles[0];
    expect(ann).toEqual({
      id: ids.ann,
      displayAs: "Qzmith, Ann Beth",
      employeeId: "QZ-001",
      office: "Boston",
      emailAddress: "ann.qzmith@qz.test",
      notes: "Prefers evening calls",
      healthCareRole: "Nurse – Registered Nurse",
    });
  });
});

describe("bad queries answer 400 with the parser's message", () => {
  const cases: [unknown, string][] = [
    ["colour:red", "Unknown search keyword 'colour'. Use one of: name, id, office, health_care_role, email, notes, test, method, language, type, start_date, end_date, expired, assigned, sort, created, updated, adjustments, first, last, middle."],
    ['last:"unclosed', "A quoted search term is missing its closing quote."],
    ["expired:maybe", "'expired' takes yes or no."],
    ["start_date:2025-13-01", "'2025-13-01' is not a date for 'start_date'. Write a day as 2026-03-01, a bound as >=2026-03-01, or a range as 2026-03-01..2026-03-31."],
    ["sort:height", "Sort by one of: name, id, office, email, test, method, date, health_care_role."],
    ["office:", "The search keyword 'office' needs a value."],
    ["x".repeat(501), "The search is too long (at most 500 characters)."],
    [42, "The search must be text."],
  ];
  for (const [query, message] of cases) {
    it(String(query).slice(0, 40), async () => {
      const res = await t.request({ method: "POST", url: "/api/candidates/search", cookie: admin(), body: { query, page: 1 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  }

  it("and so does a bad page", async () => {
    for (const page of ["abc", 0, -1, 1.5]) {
      const res = await search("qz", page);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("The page must be a whole number of at least 1.");
    }
  });
});
