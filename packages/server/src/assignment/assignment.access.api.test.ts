import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { createTestApp, ROLE_EMAILS as EMAILS, type TestApp } from "../test/harness.js";
import { assignedTests, testGroups, testGroupTests } from "../db/schema.js";
import { makeCandidate } from "../history/test-fixtures.js";

/** Who reaches the assignment routes: every client role, a candidate, other accounts and offices. */
let t: TestApp;
const cookies: Record<string, string> = {};
let northwind: number;
let boston: number;
let chicago: number;
let bostonCandidate: number;
let chicagoCandidate: number;
let accountLevelCandidate: number;
let contosoCandidate: number;
let reading: number;
let contosoReading: number;
let bostonGroup: number;
let chicagoGroup: number;
let globalGroup: number;
let accountGroup: number;

async function group(accountId: number, officeId: number | null, description: string, isGlobal: boolean, accountTestIds: number[]) {
  const [g] = await t.ctx.db.insert(testGroups).values({ accountId, officeId, description, isGlobal }).returning({ id: testGroups.id });
  await t.ctx.db.insert(testGroupTests).values(accountTestIds.map((accountTestId, position) => ({ groupId: g.id, accountTestId, position })));
  return g.id;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  northwind = t.ids.accounts.northwind;
  const contoso = t.ids.accounts.contoso;
  [boston, chicago] = t.ids.offices.northwind;
  const db = t.ctx.db;
  bostonCandidate = await makeCandidate(db, { accountId: northwind, officeId: boston, firstName: "Bea", lastName: "Boston" });
  chicagoCandidate = await makeCandidate(db, { accountId: northwind, officeId: chicago, firstName: "Chet", lastName: "Chicago" });
  accountLevelCandidate = await makeCandidate(db, { accountId: northwind, officeId: null, firstName: "Ada", lastName: "Account" });
  contosoCandidate = await makeCandidate(db, { accountId: contoso, officeId: t.ids.offices.contoso[0], firstName: "Cody", lastName: "Contoso" });
  reading = t.ids.catalogue.accountTests[northwind]["en-reading"];
  contosoReading = t.ids.catalogue.accountTests[contoso]["en-reading"];
  const writing = t.ids.catalogue.accountTests[northwind]["en-writing"];
  bostonGroup = await group(northwind, boston, "Boston starter", false, [reading, writing]);
  chicagoGroup = await group(northwind, chicago, "Chicago starter", false, [reading]);
  globalGroup = await group(northwind, null, "Everyone", true, [writing]);
  accountGroup = await group(northwind, null, "Head office only", false, [reading]);
  for (const email of EMAILS) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const mine = (values: string[]) => values.filter((v) => [bostonGroup, chicagoGroup, globalGroup, accountGroup].some((g) => v === `group:${g}`));
const create = (candidateId: number, body: object, cookie?: string) => post(`/api/test_assignment/create_tests/${candidateId}`, body, cookie);
const testCount = async () => (await t.ctx.db.select({ n: count() }).from(assignedTests))[0].n;

let initialCount = 0;
beforeAll(async () => {
  initialCount = await testCount();
});

describe("signed out", () => {
  it("answers 401 on every assignment route", async () => {
    const responses = [
      await get(`/api/test_assignment/options/${bostonCandidate}`),
      await get(`/api/test_assignment/available_tests/${bostonCandidate}`),
      await get(`/api/test_assignment/available_medical_test_groups/${bostonCandidate}`),
      await create(bostonCandidate, { test_objects: [`test:${reading}`] }),
      await post("/api/test_assignment/delete_test", { id: 1 }),
      await post("/api/test_assignment/delete_live_test", { id: 1 }),
    ];
    for (const res of responses) expect(res.statusCode).toBe(401);
    expect(await testCount()).toBe(initialCount);
  });
});

describe("a candidate", () => {
  it("gets 403 on every assignment route", async () => {
    const c = cookies["candidate@northwind.example"];
    const responses = [
      await get(`/api/test_assignment/options/${bostonCandidate}`, c),
      await get(`/api/test_assignment/available_tests/${bostonCandidate}`, c),
      await get(`/api/test_assignment/available_medical_test_groups/${bostonCandidate}`, c),
      await create(bostonCandidate, { test_objects: [`test:${reading}`] }, c),
      await post("/api/test_assignment/delete_test", { id: 1 }, c),
      await post("/api/test_assignment/delete_live_test", { id: 1 }, c),
    ];
    for (const res of responses) expect(res.statusCode).toBe(403);
    expect(await testCount()).toBe(initialCount);
  });
});

describe("available tests", () => {
  it("lists the account's tests and the groups of the candidate's office, global and account-level ones for account users", async () => {
    for (const email of ["admin@northwind.example", "user@northwind.example"]) {
      const res = await get(`/api/test_assignment/available_tests/${bostonCandidate}`, cookies[email]);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { label: string; value: string; kind: string; methods: string[] }[];
      expect(list.find((o) => o.value === `test:${reading}`)).toEqual({ label: "English Reading Proficiency", value: `test:${reading}`, kind: "test", methods: ["online"] });
      const groups = mine(list.filter((o) => o.kind === "group").map((o) => o.value));
      expect(groups.sort()).toEqual([`group:${bostonGroup}`, `group:${globalGroup}`, `group:${accountGroup}`].sort());
      expect(list.find((o) => o.value === `group:${bostonGroup}`)?.methods).toEqual(["online"]);
      // Tests of another account never show.
      expect(list.some((o) => o.value === `test:${contosoReading}`)).toBe(false);
    }
  });

  it("an office user sees their office's and the global groups, not the account-level ones", async () => {
    for (const email of ["office.admin@northwind.example", "office.user@northwind.example"]) {
      const res = await get(`/api/test_assignment/available_tests/${bostonCandidate}`, cookies[email]);
      expect(res.statusCode).toBe(200);
      const groups = mine((res.json() as { kind: string; value: string }[]).filter((o) => o.kind === "group").map((o) => o.value));
      expect(groups.sort()).toEqual([`group:${bostonGroup}`, `group:${globalGroup}`].sort());
    }
  });

  it("a Chicago candidate gets the Chicago group, not Boston's", async () => {
    const res = await get(`/api/test_assignment/available_tests/${chicagoCandidate}`, cookies["admin@northwind.example"]);
    const groups = (res.json() as { kind: string; value: string }[]).filter((o) => o.kind === "group").map((o) => o.value);
    expect(groups).toContain(`group:${chicagoGroup}`);
    expect(groups).not.toContain(`group:${bostonGroup}`);
  });

  it("answers 404 for another office's or another account's candidate, and for account-level ones to office users", async () => {
    const officeUser = cookies["office.user@northwind.example"];
    for (const id of [chicagoCandidate, accountLevelCandidate, contosoCandidate]) {
      for (const path of ["options", "available_tests", "available_medical_test_groups"]) {
        const res = await get(`/api/test_assignment/${path}/${id}`, officeUser);
        expect(res.statusCode, `${path} ${id}`).toBe(404);
        expect(res.json().message).toBe("That candidate was not found.");
      }
    }
    const contoso = cookies["admin@contoso.example"];
    for (const path of ["options", "available_tests", "available_medical_test_groups"]) {
      const res = await get(`/api/test_assignment/${path}/${bostonCandidate}`, contoso);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("Boston");
    }
  });

  it("answers 400 with a readable message for a bad id", async () => {
    const res = await get("/api/test_assignment/available_tests/abc", cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The candidate id must be a positive whole number.");
  });
});

describe("options of the form", () => {
  it("gives the candidate's office, the offices to choose and the account's flags", async () => {
    const res = await get(`/api/test_assignment/options/${bostonCandidate}`, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      candidateId: bostonCandidate,
      candidateName: "Bea Boston",
      hasEmail: true,
      officeId: boston,
      officeName: "Boston",
      officeClosed: false,
      canChooseOffice: true,
      account: { usesProctorService: true, allowCandidateScheduling: true, liveProctor: true, medicalOption: true, prepay: false },
    });
    expect(res.json().offices.map((o: { name: string }) => o.name)).toEqual(["Boston", "Chicago", "Seattle"]);
  });

  it("an office user's office is fixed", async () => {
    const res = await get(`/api/test_assignment/options/${bostonCandidate}`, cookies["office.user@northwind.example"]);
    expect(res.json()).toMatchObject({ canChooseOffice: false, offices: [{ id: boston, name: "Boston" }] });
  });

  it("Contoso has none of Northwind's options", async () => {
    const res = await get(`/api/test_assignment/options/${contosoCandidate}`, cookies["admin@contoso.example"]);
    expect(res.json().account).toEqual({ usesProctorService: false, allowCandidateScheduling: false, liveProctor: false, medicalOption: false, prepay: false });
  });
});

describe("medical test groups", () => {
  it("lists the recommended sets per language with the recommended test as value and the alternatives", async () => {
    const res = await get(`/api/test_assignment/available_medical_test_groups/${bostonCandidate}`, cookies["user@northwind.example"]);
    expect(res.statusCode).toBe(200);
    const groups = res.json() as {
      language_id: number;
      language_display_as: string;
      recommended_test_sets: { label: string; value: string; tests: { label: string; value: string; recommended: boolean }[] }[];
    }[];
    const spanish = groups.find((g) => g.language_id === 150)!;
    expect(spanish.language_display_as).toBe("Spanish");
    expect(spanish.recommended_test_sets.map((s) => s.label)).toEqual(["Medical Listening and Speaking", "Medical Reading"]);
    const ls = spanish.recommended_test_sets[0];
    const ivr = t.ids.catalogue.accountTests[northwind]["med-es-ls-ivr"];
    const live = t.ids.catalogue.accountTests[northwind]["med-es-ls-live"];
    expect(ls.value).toBe(`test:${ivr}`);
    expect(ls.tests).toEqual([
      { label: "Medical Spanish Listening and Speaking (Phone)", value: `test:${ivr}`, method: "ivr", recommended: true },
      { label: "Medical Spanish Listening and Speaking (Live)", value: `test:${live}`, method: "live", recommended: false },
    ]);
    expect(groups.map((g) => g.language_display_as)).toEqual(["Mandarin", "Spanish"]);
  });

  it("is empty for an account without the medical option", async () => {
    const res = await get(`/api/test_assignment/available_medical_test_groups/${contosoCandidate}`, cookies["admin@contoso.example"]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe("create_tests access", () => {
  it("each client role assigns to a candidate it reaches", async () => {
    for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example"]) {
      const res = await create(bostonCandidate, { test_objects: [`test:${reading}`], notify_candidate: false }, cookies[email]);
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: "The test has been assigned." });
    }
  });

  it("another office's and another account's candidate answer 404 and nothing is assigned", async () => {
    const before = await testCount();
    const officeUser = cookies["office.user@northwind.example"];
    expect((await create(chicagoCandidate, { test_objects: [`test:${reading}`] }, officeUser)).statusCode).toBe(404);
    expect((await create(accountLevelCandidate, { test_objects: [`test:${reading}`] }, officeUser)).statusCode).toBe(404);
    expect((await create(contosoCandidate, { test_objects: [`test:${reading}`] }, cookies["admin@northwind.example"])).statusCode).toBe(404);
    expect((await create(bostonCandidate, { test_objects: [`test:${reading}`] }, cookies["admin@contoso.example"])).statusCode).toBe(404);
    expect(await testCount()).toBe(before);
  });

  it("another account's test, another office's group or an office out of reach answer 404", async () => {
    const before = await testCount();
    const admin = cookies["admin@northwind.example"];
    const officeUser = cookies["office.user@northwind.example"];
    const res = await create(bostonCandidate, { test_objects: [`test:${contosoReading}`], notify_candidate: false }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("One of the selected tests is not available for this candidate.");
    expect((await create(bostonCandidate, { test_objects: [`group:${chicagoGroup}`], notify_candidate: false }, admin)).statusCode).toBe(404);
    expect((await create(bostonCandidate, { test_objects: [`group:${accountGroup}`], notify_candidate: false }, officeUser)).statusCode).toBe(404);
    const office = await create(bostonCandidate, { test_objects: [`test:${reading}`], office_id: chicago, notify_candidate: false }, officeUser);
    expect(office.statusCode).toBe(404);
    expect(office.json().message).toBe("That office was not found.");
    expect((await create(bostonCandidate, { test_objects: [`test:${reading}`], office_id: t.ids.offices.contoso[0], notify_candidate: false }, admin)).statusCode).toBe(404);
    expect(await testCount()).toBe(before);
  });

  it("an account user may assign under another office of the account", async () => {
    const res = await create(bostonCandidate, { test_objects: [`test:${reading}`], office_id: chicago, notify_candidate: false }, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select({ officeId: assignedTests.officeId }).from(assignedTests).where(eq(assignedTests.id, res.json().assigned[0].id));
    expect(row.officeId).toBe(chicago);
  });
});

describe("create_tests bad input", () => {
  const cases: [string, unknown, string][] = [
    ["no tests", {}, "Please select at least one test."],
    ["empty list", { test_objects: [] }, "Please select at least one test."],
    ["not a list", { test_objects: "test:1" }, "Please select at least one test."],
    ["a bad value", { test_objects: ["reading"] }, "Each selected test must be a value such as test:12 or group:3."],
    ["a number", { test_objects: [12] }, "Each selected test must be a value such as test:12 or group:3."],
    ["too many", { test_objects: Array.from({ length: 51 }, (_, i) => `test:${i + 1}`) }, "Select at most 50 tests at a time."],
    ["a flag as text", { test_objects: ["test:1"], notify_candidate: "yes" }, "The field notify_candidate must be true or false."],
    ["a bad office", { test_objects: ["test:1"], office_id: "x" }, "The office id must be a positive whole number."],
  ];
  for (const [label, body, message] of cases) {
    it(`${label}: 400 with its message, nothing assigned`, async () => {
      const before = await testCount();
      const res = await create(bostonCandidate, body as object, cookies["admin@northwind.example"]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await testCount()).toBe(before);
    });
  }

  it("a bad candidate id in the path", async () => {
    const res = await create(0, { test_objects: [`test:${reading}`] }, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The candidate id must be a positive whole number.");
  });

  it("delete routes refuse a missing or bad id", async () => {
    for (const path of ["delete_test", "delete_live_test"]) {
      for (const body of [{}, { id: "abc" }, { id: -1 }]) {
        const res = await post(`/api/test_assignment/${path}`, body, cookies["admin@northwind.example"]);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe("The test id must be a positive whole number.");
      }
    }
  });
});
