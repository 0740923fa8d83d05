import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { HISTORY_DOWNLOAD_COLUMNS } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS as EMAILS, type TestApp } from "../test/harness.js";
import { auditLog, mailOutbox } from "../db/schema.js";
import { makeAssignedTest, makeCandidate } from "./test-fixtures.js";

/** Per-candidate history, the search, its downloads and the summary mail: scope and contents. */
let t: TestApp;
const cookies: Record<string, string> = {};
let northwind: number;
let boston: number;
let chicago: number;
let bostonCandidate: number;
let chicagoCandidate: number;
let contosoCandidate: number;
const ids: Record<string, number> = {};
const at: Record<string, number> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  northwind = t.ids.accounts.northwind;
  [boston, chicago] = t.ids.offices.northwind;
  Object.assign(at, t.ids.catalogue.accountTests[northwind]);
  const db = t.ctx.db;
  bostonCandidate = await makeCandidate(db, { accountId: northwind, officeId: boston, firstName: "Quentin", lastName: "Zyxwv", employeeId: "QZ-1", clientNotes: "needs, commas \"and quotes\"" });
  chicagoCandidate = await makeCandidate(db, { accountId: northwind, officeId: chicago, firstName: "Querida", lastName: "Zyxwv", employeeId: "QZ-2" });
  contosoCandidate = await makeCandidate(db, { accountId: t.ids.accounts.contoso, officeId: t.ids.offices.contoso[0], firstName: "Quincy", lastName: "Zyxwv" });
  ids.takeable = await makeAssignedTest(db, { candidateId: bostonCandidate, accountTestId: at["en-reading"] });
  ids.scored = await makeAssignedTest(db, {
    candidateId: bostonCandidate,
    accountTestId: at["es-ls-ivr"],
    state: "taken",
    attempt: { state: "received", startedAt: new Date(Date.now() - 3 * DAY), receivedAt: new Date(Date.now() - 3 * DAY), resultState: "scored", resultValue: "9" },
  });
  ids.noShow = await makeAssignedTest(db, { candidateId: bostonCandidate, accountTestId: at["es-ls-live"], scheduledAt: new Date(Date.now() - 2 * DAY), attempt: { state: "no_show" } });
  ids.expired = await makeAssignedTest(db, { candidateId: bostonCandidate, accountTestId: at["ar-reading"], expiresAt: new Date(Date.now() - DAY) });
  ids.chicago = await makeAssignedTest(db, { candidateId: chicagoCandidate, accountTestId: at["en-writing"] });
  ids.contoso = await makeAssignedTest(db, { candidateId: contosoCandidate, accountTestId: t.ids.catalogue.accountTests[t.ids.accounts.contoso]["en-writing"] });
  for (const email of EMAILS) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const history = (id: unknown, cookie?: string) => get(`/api/test_history/get_history?candidate_profile_id=${id}`, cookie);
const search = (query: string, cookie?: string, page = 1) => get(`/api/test_history/search?query=${encodeURIComponent(query)}&page=${page}`, cookie);
const mails = async () => (await t.ctx.db.select({ n: count() }).from(mailOutbox))[0].n;

describe("get_history", () => {
  it("gives every client role the candidate test records with their display status", async () => {
    for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example"]) {
      const res = await history(bostonCandidate, cookies[email]);
      expect(res.statusCode, email).toBe(200);
      const records = res.json() as Record<string, unknown>[];
      expect(records).toHaveLength(4);
      const scored = records.find((r) => r.assigned_test_id === ids.scored)!;
      expect(scored).toMatchObject({
        account_test_id: at["es-ls-ivr"],
        candidate_track_id: null,
        state: "taken",
        description: "Spanish Listening and Speaking (Phone)",
        method_short_name: "ivr",
        expired: false,
        cancelable: false,
        late_cancelable: false,
        result_state: "scored",
        result_value: "9",
        is_scheduled: false,
        can_reschedule: false,
        deletable: false,
        view: { status: "received", score: { kind: "result", value: "9" } },
      });
      expect(typeof scored.candidate_test_id).toBe("number");
      expect(Object.keys(scored)).toEqual(
        expect.arrayContaining([
          "candidate_test_id", "assigned_test_id", "account_test_id", "candidate_track_id", "candidate_track_test_id", "state", "description",
          "method_short_name", "access_code", "expired", "expiration", "cancelable", "late_cancelable", "result_state", "result_value",
          "proctor_state", "proctor_value", "is_scheduled", "datetime", "can_reschedule",
        ]),
      );
      expect(records.find((r) => r.assigned_test_id === ids.takeable)).toMatchObject({ deletable: true, candidate_test_id: null, view: { status: "assigned" } });
      expect(records.find((r) => r.assigned_test_id === ids.noShow)).toMatchObject({ view: { status: "not_completed", notCompleted: "no_show", score: { kind: "text", text: "no_show" } } });
      expect(records.find((r) => r.assigned_test_id === ids.expired)).toMatchObject({ expired: true, view: { status: "expired_before_start" } });
    }
  });

  it("another office's or account's candidate answers 404", async () => {
    for (const email of ["office.admin@northwind.example", "office.user@northwind.example"]) {
      expect((await history(chicagoCandidate, cookies[email])).statusCode).toBe(404);
    }
    const res = await history(bostonCandidate, cookies["admin@contoso.example"]);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Zyxwv");
  });

  it("401 signed out, 403 for a candidate, 400 for a bad id", async () => {
    expect((await history(bostonCandidate)).statusCode).toBe(401);
    expect((await history(bostonCandidate, cookies["candidate@northwind.example"])).statusCode).toBe(403);
    for (const bad of ["abc", "0", "-3", ""]) {
      const res = await history(bad, cookies["admin@northwind.example"]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("The candidate id must be a positive whole number.");
    }
  });
});

describe("search", () => {
  it("finds tests by the query language, within the account", async () => {
    const res = await search("last:Zyxwv sort:name", cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.itemCount).toBe(5);
    expect(body.pageCount).toBe(1);
    const item = body.results.find((r: { id: number }) => r.id === ids.scored);
    expect(item).toMatchObject({
      candidateId: bostonCandidate,
      candidateName: "Quentin Zyxwv",
      employeeId: "QZ-1",
      office: "Boston",
      test: "Spanish Listening and Speaking (Phone)",
      method: "ivr",
      testType: "listening_speaking",
      requiresLiveProctor: false,
      result: "9",
      expired: false,
      view: { status: "received" },
    });
    for (const key of ["healthCareRole", "clientNotes", "accessCode", "date", "expiresAt", "assigned"]) expect(item).toHaveProperty(key);
    expect(body.results.some((r: { id: number }) => r.id === ids.contoso)).toBe(false);
  });

  it("keywords narrow the results", async () => {
    const admin = cookies["admin@northwind.example"];
    const idsOf = async (q: string) => ((await search(q, admin)).json().results as { id: number }[]).map((r) => r.id).sort();
    expect(await idsOf("Zyxwv method:ivr")).toEqual([ids.scored]);
    expect(await idsOf('Zyxwv test:"Reading Proficiency"')).toEqual([ids.takeable, ids.expired].sort());
    expect(await idsOf("Zyxwv expired:yes")).toEqual([ids.expired]);
    expect(await idsOf("Zyxwv office:Chic")).toEqual([ids.chicago]);
    expect(await idsOf("id:QZ-2")).toEqual([ids.chicago]);
    expect(await idsOf("Zyxwv language:Arabic")).toEqual([ids.expired]);
    expect(await idsOf("Zyxwv type:listening")).toEqual([ids.noShow, ids.scored].sort());
    expect(await idsOf(`Zyxwv assigned:>=${new Date(Date.now() - DAY).toISOString().slice(0, 10)}`)).toHaveLength(5);
    expect(await idsOf("Zyxwv notes:commas")).toHaveLength(4);
    expect(await idsOf("Zyxwv assigned:<2000-01-01")).toEqual([]);
  });

  it("each client role searches and downloads within its reach", async () => {
    const expected: Record<string, number> = {
      "admin@northwind.example": 5,
      "user@northwind.example": 5,
      "office.admin@northwind.example": 4,
      "office.user@northwind.example": 4,
    };
    for (const [email, n] of Object.entries(expected)) {
      const res = await search("last:Zyxwv", cookies[email]);
      expect(res.statusCode, email).toBe(200);
      expect(res.json().itemCount, email).toBe(n);
      const link = await get("/api/test_history/download?query=last:Zyxwv", cookies[email]);
      expect(link.statusCode, email).toBe(200);
      const file = await get(link.json().link, cookies[email]);
      expect(parseCsv(file.body.replace(/^\uFEFF/, "")).length, email).toBe(n + 1);
    }
  });

  it("an office user searches only their office", async () => {
    const res = await search("Zyxwv", cookies["office.user@northwind.example"]);
    expect(res.json().itemCount).toBe(4);
    expect(res.json().results.every((r: { office: string }) => r.office === "Boston")).toBe(true);
  });

  it("pages 20 at a time over the demo history", async () => {
    const first = (await search("", cookies["admin@northwind.example"])).json();
    expect(first.results.length).toBe(Math.min(20, first.itemCount));
    if (first.pageCount > 1) {
      const second = (await search("", cookies["admin@northwind.example"], 2)).json();
      expect(second.results[0].id).not.toBe(first.results[0].id);
    }
  });

  it("a bad query is a 400 with the parser's message; bad paging too", async () => {
    const res = await search("colour:blue", cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Unknown search keyword 'colour'/);
    const quote = await search('test:"Spanish', cookies["admin@northwind.example"]);
    expect(quote.json().message).toBe("A quoted search term is missing its closing quote.");
    const page = await get("/api/test_history/search?page=0", cookies["admin@northwind.example"]);
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe("The page must be a whole number of at least 1.");
  });

  it("401 signed out, 403 for a candidate", async () => {
    expect((await search("")).statusCode).toBe(401);
    expect((await search("", cookies["candidate@northwind.example"])).statusCode).toBe(403);
  });
});

describe("downloads", () => {
  it("gives a link that streams the CSV of every result of the query", async () => {
    const link = await get(`/api/test_history/download?query=${encodeURIComponent("last:Zyxwv sort:name")}&format=csv`, cookies["admin@northwind.example"]);
    expect(link.statusCode).toBe(200);
    const url = link.json().link as string;
    expect(url).toMatch(/^\/api\/test_history\/file\?/);
    const file = await get(url, cookies["admin@northwind.example"]);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(file.headers["content-disposition"]).toBe('attachment; filename="test_history.csv"');
    const text = file.body.replace(/^\uFEFF/, "");
    const lines = parseCsv(text);
    expect(lines[0]).toEqual([...HISTORY_DOWNLOAD_COLUMNS]);
    expect(lines).toHaveLength(6);
    const scored = lines.find((l) => l[5] === "Spanish Listening and Speaking (Phone)")!;
    expect(scored.slice(0, 4)).toEqual(["Quentin Zyxwv", String(bostonCandidate), "QZ-1", "Boston"]);
    expect(scored[6]).toBe("IVR");
    expect(scored[10]).toMatch(/^Test received \d{4}-\d{2}-\d{2}$/);
    expect(scored[11]).toBe("9");
    expect(scored[16]).toBe('needs, commas "and quotes"');
    const noShow = lines.find((l) => l[5] === "Spanish Listening and Speaking (Live)")!;
    expect(noShow[10]).toBe("Not completed: no response");
    expect(noShow[11]).toBe("No Show");
  });

  it("streams the XLSX with the same rows", async () => {
    const link = await get(`/api/test_history/download?query=${encodeURIComponent("last:Zyxwv")}&format=xlsx`, cookies["office.admin@northwind.example"]);
    const file = await t.app.inject({ method: "GET", url: link.json().link, headers: { cookie: cookies["office.admin@northwind.example"] } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(file.headers["content-disposition"]).toBe('attachment; filename="test_history.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    expect(rows[0]).toEqual([...HISTORY_DOWNLOAD_COLUMNS]);
    // The office administrator's file holds the Boston tests only.
    expect(rows).toHaveLength(5);
    expect(rows.slice(1).every((r) => r[3] === "Boston")).toBe(true);
    expect(rows.find((r) => r[5] === "Spanish Listening and Speaking (Phone)")?.[11]).toBe("9");
  });

  it("the file of another account holds none of these tests", async () => {
    const file = await get(`/api/test_history/file?query=${encodeURIComponent("last:Zyxwv")}&format=csv`, cookies["admin@contoso.example"]);
    expect(file.statusCode).toBe(200);
    const lines = parseCsv(file.body.replace(/^\uFEFF/, ""));
    expect(lines.slice(1).map((l) => l[0])).toEqual(["Quincy Zyxwv"]);
  });

  it("refuses a bad format or query (400), 401 signed out, 403 for a candidate", async () => {
    const admin = cookies["admin@northwind.example"];
    const format = await get("/api/test_history/download?format=pdf", admin);
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe("The format must be csv or xlsx.");
    expect((await get("/api/test_history/download?query=sort:colour", admin)).statusCode).toBe(400);
    expect((await get("/api/test_history/file?query=sort:colour", admin)).statusCode).toBe(400);
    expect((await get("/api/test_history/download")).statusCode).toBe(401);
    expect((await get("/api/test_history/file")).statusCode).toBe(401);
    expect((await get("/api/test_history/download", cookies["candidate@northwind.example"])).statusCode).toBe(403);
    expect((await get("/api/test_history/file", cookies["candidate@northwind.example"])).statusCode).toBe(403);
  });

  it("defuses a formula in a CSV cell", async () => {
    const { csvCell } = await import("./downloads.js");
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(12)).toBe("12");
  });
});

describe("email_summary", () => {
  const summary = (email: string, testIds: string, cookie?: string) =>
    get(`/api/test_history/email_summary?email_address=${encodeURIComponent(email)}&candidate_test_ids=${encodeURIComponent(testIds)}`, cookie);

  it("queues a summary mail of the caller's tests", async () => {
    const before = await mails();
    const res = await summary("hr@example.test", `${ids.scored},${ids.noShow}`, cookies["office.user@northwind.example"]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "The test summary will be delivered in a few minutes.", messageKey: "history.messages.summaryQueued" });
    expect(await mails()).toBe(before + 1);
    const [mail] = await t.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id).limit(1).offset(before);
    expect(mail.toAddress).toBe("hr@example.test");
    expect(mail.template).toBe("history.summary");
    expect(mail.textBody).toContain("Quentin Zyxwv (QZ-1)");
    expect(mail.textBody).toContain("Spanish Listening and Speaking (Phone)");
    expect(mail.textBody).toContain("Score: 9");
    expect(mail.textBody).toContain("No Show");
  });

  it("refuses tests outside the caller's scope (404) and sends nothing", async () => {
    const before = await mails();
    expect((await summary("hr@example.test", `${ids.scored},${ids.chicago}`, cookies["office.user@northwind.example"])).statusCode).toBe(404);
    expect((await summary("hr@example.test", String(ids.contoso), cookies["admin@northwind.example"])).statusCode).toBe(404);
    const res = await summary("hr@example.test", String(ids.scored), cookies["admin@contoso.example"]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("One of the chosen tests was not found.");
    expect(await mails()).toBe(before);
  });

  it("needs a non-empty valid address and a list of ids (400), and sends nothing", async () => {
    const before = await mails();
    const admin = cookies["admin@northwind.example"];
    const cases: [string, string, string][] = [
      ["", String(ids.scored), "Please provide an email address."],
      ["   ", String(ids.scored), "Please provide an email address."],
      ["not-an-address", String(ids.scored), "Please provide a valid email address."],
      ["hr@example.test", "", "Please choose at least one test."],
      ["hr@example.test", "1,abc", "The tests must be given as a comma-separated list of test ids."],
    ];
    for (const [email, testIds, message] of cases) {
      const res = await summary(email, testIds, admin);
      expect(res.statusCode, `${email} ${testIds}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const missing = await get(`/api/test_history/email_summary?candidate_test_ids=${ids.scored}`, admin);
    expect(missing.json().message).toBe("Please provide an email address.");
    expect(await mails()).toBe(before);
  });

  it("refuses a request from another site (403), 401 signed out, 403 for a candidate", async () => {
    const before = await mails();
    const url = `/api/test_history/email_summary?email_address=thief@example.test&candidate_test_ids=${ids.scored}`;
    const cookie = cookies["admin@northwind.example"];
    const crossSite = await t.app.inject({ method: "GET", url, headers: { cookie, "sec-fetch-site": "cross-site", referer: "https://evil.example/" } });
    expect(crossSite.statusCode).toBe(403);
    const noOrigin = await t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(noOrigin.statusCode).toBe(403);
    const foreign = await t.app.inject({ method: "GET", url, headers: { cookie, referer: "https://evil.example/page" } });
    expect(foreign.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({ method: "GET", url, headers: { cookie, "sec-fetch-site": "same-origin" } });
    expect(sameOrigin.statusCode).toBe(200);
    expect(await mails()).toBe(before + 1);
    expect((await summary("hr@example.test", String(ids.scored))).statusCode).toBe(401);
    expect((await summary("hr@example.test", String(ids.scored), cookies["candidate@northwind.example"])).statusCode).toBe(403);
  });
});

describe("email_summary limit", () => {
  it("mails at most 20 summaries per user and hour (429 after), each audited with its recipient", async () => {
    const cookie = await t.signIn("user@northwind.example");
    const userId = t.ids.users["user@northwind.example"];
    const send = (i: number) => get(`/api/test_history/email_summary?email_address=r${i}@example.test&candidate_test_ids=${ids.scored}`, cookie);
    const before = await mails();
    for (let i = 1; i <= 20; i++) expect((await send(i)).statusCode, `mail ${i}`).toBe(200);
    const over = await send(21);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: "You have sent 20 test summaries in the last hour. Please try again later.", messageKey: "history.messages.tooManySummaries" });
    expect(await mails()).toBe(before + 20);
    const lines = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "history.email_summary"), eq(auditLog.actorUserId, userId)));
    expect(lines).toHaveLength(20);
    expect(lines.map((l) => l.targetId)).toContain("r20@example.test");
    expect(lines[0].details).toMatchObject({ count: 1, assignedTestIds: [ids.scored] });
    // Another user's hour is their own.
    expect((await get(`/api/test_history/email_summary?email_address=hr@example.test&candidate_test_ids=${ids.scored}`, cookies["admin@northwind.example"])).statusCode).toBe(200);
  });
});

/** A small RFC 4180 reader, to read the download back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r") continue;
    else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
