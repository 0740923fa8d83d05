import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { LANGUAGE_IDS } from "@parlance/contract";
import { assignedTests, candidates, candidateTests, mailOutbox, paperPackages, paperResponses, scoringAssignments, users } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { insertAssignedTest, insertCandidate } from "../candidates/test-fixtures.js";

/** Paper test packages, outstanding paper tests and responses received (issue 14, points 4-5), through the real app and jobs. */
let t: TestApp;
const cookies: Record<string, string> = {};
const PDFTOTEXT = "/usr/bin/pdftotext";
const textOf = (bytes: Buffer) => execFileSync(PDFTOTEXT, ["-", "-"], { input: bytes }).toString("utf8").replace(/\s+/g, " ");

let n = 0;
async function paperTest(opts: { account?: "northwind" | "contoso"; office?: number | null; language?: number; test?: string } = {}) {
  const k = ++n;
  const candidateId = await insertCandidate(t, { firstName: "Paper", lastName: `Taker${k}`, employeeId: `P-${k}`, account: opts.account, office: opts.office });
  if (opts.language) await t.ctx.db.update(candidates).set({ languageId: opts.language }).where(eq(candidates.id, candidateId));
  const { id } = await insertAssignedTest(t, candidateId, { test: opts.test ?? "es-reading-paper" });
  const [row] = await t.ctx.db.select({ code: assignedTests.accessCode }).from(assignedTests).where(eq(assignedTests.id, id));
  return { id, candidateId, code: row.code, name: `Paper Taker${k}` };
}
const post = (url: string, who: string | null, body: unknown) => t.request({ method: "POST", url, cookie: who ? cookies[who] : undefined, body });
const get = (url: string, who: string | null) => t.request({ method: "GET", url, cookie: who ? cookies[who] : undefined });
const idsOf = (res: { json(): { tests: { id: number }[] } }) => res.json().tests.map((x) => x.id);

async function waitReady(key: string, who = "admin@northwind.example") {
  for (let i = 0; i < 120; i++) {
    const res = await post("/api/paper_test_groups/get_download_link", who, { group_key: key });
    if (res.json().status !== "pending") return res.json();
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the package PDF was not made in time");
}

function multipart(file: { name: string; type: string; data: Buffer }) {
  const boundary = "----paperTestBoundary7MA4YWxk";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (id: number, who: string, file: { name: string; type: string; data: Buffer }) => {
  const m = multipart(file);
  return t.app.inject({ method: "POST", url: `/api/paper_test_groups/tests/${id}/receive_scan`, headers: { cookie: cookies[who], "content-type": m.contentType, origin: "http://localhost:3000" }, payload: m.body });
};
const A_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example", "evaluator@parlance.example"]) {
    cookies[email] = await t.signIn(email);
  }
}, 60_000);
afterAll(() => t?.close());

describe("get_tests: unpackaged proctored paper tests", () => {
  it("shows each client role its reach only; candidates are refused and the signed-out must sign in", async () => {
    const office0 = await paperTest({ office: 0 });
    const office1 = await paperTest({ office: 1 });
    const contoso = await paperTest({ account: "contoso", office: null, test: "fr-en-translation-paper" });
    const online = await insertAssignedTest(t, office0.candidateId, { test: "en-reading" });
    for (const who of ["admin@northwind.example", "user@northwind.example"]) {
      const ids = idsOf(await get("/api/paper_test_groups/get_tests", who));
      expect(ids).toContain(office0.id);
      expect(ids).toContain(office1.id);
      expect(ids).not.toContain(contoso.id);
      expect(ids).not.toContain(online.id);
    }
    for (const who of ["office.admin@northwind.example", "office.user@northwind.example"]) {
      const ids = idsOf(await get("/api/paper_test_groups/get_tests", who));
      expect(ids).toContain(office0.id);
      expect(ids).not.toContain(office1.id);
    }
    const c = await get("/api/paper_test_groups/get_tests", "admin@contoso.example");
    expect(idsOf(c)).toContain(contoso.id);
    expect(idsOf(c)).not.toContain(office0.id);
    const row = (await get("/api/paper_test_groups/get_tests", "admin@northwind.example")).json().tests.find((x: { id: number }) => x.id === office0.id);
    expect(row).toMatchObject({ candidate_display_as: office0.name.split(" ").reverse().join(", "), employee_id: expect.stringMatching(/^P-/), test_description: "Spanish Reading (Paper)", test_method: "paper" });
    expect((await get("/api/paper_test_groups/get_tests", "candidate@northwind.example")).statusCode).toBe(403);
    expect((await get("/api/paper_test_groups/get_tests", "evaluator@parlance.example")).statusCode).toBe(403);
    expect((await get("/api/paper_test_groups/get_tests", null)).statusCode).toBe(401);
  });
});

describe("create: bad input answers 400 with a message and changes nothing", () => {
  it("refuses no tests, another account's test, another office's test for an office user, and non-numbers", async () => {
    const before = (await t.ctx.db.select().from(paperPackages)).length;
    const office1 = await paperTest({ office: 1 });
    const contoso = await paperTest({ account: "contoso", office: null });
    const cases: [string, unknown, string][] = [
      ["admin@northwind.example", { assigned_tests: [] }, "Choose at least one test for the package."],
      ["admin@northwind.example", {}, "Choose at least one test for the package."],
      ["admin@northwind.example", { assigned_tests: ["x"] }, "assigned_tests.0: id must be a number."],
      ["admin@northwind.example", { assigned_tests: [contoso.id] }, "A chosen test is not an unpackaged paper test of yours."],
      ["office.user@northwind.example", { assigned_tests: [office1.id] }, "A chosen test is not an unpackaged paper test of yours."],
    ];
    for (const [who, body, message] of cases) {
      const res = await post("/api/paper_test_groups/create", who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.ctx.db.select().from(paperPackages)).length).toBe(before);
    expect((await post("/api/paper_test_groups/create", "candidate@northwind.example", { assigned_tests: [office1.id] })).statusCode).toBe(403);
  });
});

describe("a package from creation to responses received", () => {
  it("is made by the job, downloads as every test with its candidate and access code, mails the proctor, lists outstanding, and routes received responses to an evaluator", async () => {
    const english = await paperTest({ office: 0 });
    const chinese = await paperTest({ office: 0, language: LANGUAGE_IDS["zh-HANS"] });
    const created = await post("/api/paper_test_groups/create", "office.user@northwind.example", { assigned_tests: [english.id, chinese.id] });
    expect(created.statusCode, created.body).toBe(200);
    const key: string = created.json().group_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Both are packaged now: neither is offered again, and packaging one twice is refused.
    expect(idsOf(await get("/api/paper_test_groups/get_tests", "admin@northwind.example"))).not.toContain(english.id);
    expect((await post("/api/paper_test_groups/create", "admin@northwind.example", { assigned_tests: [english.id] })).statusCode).toBe(400);

    const link = await waitReady(key, "office.user@northwind.example");
    expect(link).toEqual({ group_key: key, status: "ready", url: `/api/paper_test_groups/download/${key}`, test_count: 2 });
    // The account's users reach it; another account does not, nor a malformed key.
    expect((await post("/api/paper_test_groups/get_download_link", "admin@northwind.example", { group_key: key })).statusCode).toBe(200);
    expect((await post("/api/paper_test_groups/get_download_link", "admin@contoso.example", { group_key: key })).statusCode).toBe(404);
    const bad = await post("/api/paper_test_groups/get_download_link", "admin@northwind.example", { group_key: "../../etc" });
    expect([bad.statusCode, bad.json().message]).toEqual([400, "That is not a test package key."]);

    // Unprinted until downloaded.
    const unprinted = (await get("/api/paper_test_groups/unprinted", "office.user@northwind.example")).json().unprinted_tests;
    expect(unprinted.find((p: { group_key: string }) => p.group_key === key)?.tests.map((x: { candidate_name: string }) => x.candidate_name)).toEqual([english.name, chinese.name]);
    expect((await get("/api/paper_test_groups/unprinted", "admin@contoso.example")).json().unprinted_tests.some((p: { group_key: string }) => p.group_key === key)).toBe(false);

    // The proctor's mail: an address is needed; then it carries the link.
    for (const [body, message] of [
      [{ group_key: key, email_address: "" }, "Please enter the proctor's email address."],
      [{ group_key: key, email_address: "not-an-address" }, "Please enter a valid email address."],
    ] as const) {
      const res = await post("/api/paper_test_groups/alert", "office.user@northwind.example", body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await post("/api/paper_test_groups/alert", "admin@contoso.example", { group_key: key, email_address: "p@example.com" })).statusCode).toBe(404);
    const alert = await post("/api/paper_test_groups/alert", "office.user@northwind.example", { group_key: key, email_address: "proctor.paper@example.com" });
    expect(alert.json()).toEqual({ success: true, message: "The proctor has been emailed instructions on how to access these tests." });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "proctor.paper@example.com"));
    expect(mail.textBody).toContain(`/api/paper_test_groups/download/${key}`);

    const pdf = await t.app.inject({ method: "GET", url: link.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    if (fs.existsSync(PDFTOTEXT)) {
      const text = textOf(pdf.rawPayload);
      for (const x of [english, chinese]) {
        expect(text).toContain(x.name);
        expect(text).toContain(x.code);
      }
      expect(text).toContain(`Access code: ${english.code}`);
      expect(text).toContain(`访问码: ${chinese.code}`);
      expect(text).toContain("Proctor agreement");
    }
    expect((await get("/api/paper_test_groups/unprinted", "office.user@northwind.example")).json().unprinted_tests.some((p: { group_key: string }) => p.group_key === key)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: "/api/paper_test_groups/download/AAAAAAAAAAAAAAAAAAAAAAAA" })).statusCode).toBe(404);

    // Outstanding now, for those who reach the candidates.
    const list = async (who: string) => {
      const all: { candidateId: number; tests: { id: number; incomplete: boolean }[] }[] = [];
      const first = (await post("/api/paper_test_groups/list_outstanding", who, { page: 1 })).json();
      for (let p = 1; p <= first.pageCount; p++) all.push(...(await post("/api/paper_test_groups/list_outstanding", who, { page: p })).json().candidates);
      return { all, itemCount: first.itemCount };
    };
    const mine = await list("office.user@northwind.example");
    expect(mine.all.find((c) => c.candidateId === english.candidateId)?.tests).toEqual([expect.objectContaining({ id: english.id, incomplete: false })]);
    expect(mine.itemCount).toBe(mine.all.length);
    expect((await list("admin@contoso.example")).all.some((c) => c.candidateId === english.candidateId)).toBe(false);
    expect((await post("/api/paper_test_groups/list_outstanding", "admin@northwind.example", { page: "x" })).statusCode).toBe(400);

    // Responses: bad input changes nothing.
    const stateOf = async (id: number) => (await t.ctx.db.select({ s: candidateTests.state }).from(candidateTests).where(eq(candidateTests.assignedTestId, id)))[0]?.s;
    const notPdf = await upload(english.id, "office.user@northwind.example", { name: "scan.pdf", type: "application/pdf", data: Buffer.from("MZ\x90\x00 this is an executable renamed", "latin1") });
    expect([notPdf.statusCode, notPdf.json().message]).toEqual([400, "The scanned responses must be a PDF file."]);
    const empty = await post(`/api/paper_test_groups/tests/${chinese.id}/receive_entered`, "office.user@northwind.example", { responses: "   " });
    expect([empty.statusCode, empty.json().message]).toEqual([400, "Please enter the candidate's responses."]);
    const json = await post(`/api/paper_test_groups/tests/${english.id}/receive_scan`, "office.user@northwind.example", {});
    expect([json.statusCode, json.json().message]).toEqual([400, "Please choose the scanned responses (a PDF file)."]);
    expect((await upload(english.id, "admin@contoso.example", { name: "scan.pdf", type: "application/pdf", data: A_PDF })).statusCode).toBe(404);
    expect(await stateOf(english.id)).toBe("outstanding");
    expect(await stateOf(chinese.id)).toBe("outstanding");
    expect((await t.ctx.db.select().from(paperResponses).innerJoin(candidateTests, eq(candidateTests.id, paperResponses.candidateTestId)).where(inArray(candidateTests.assignedTestId, [english.id, chinese.id]))).length).toBe(0);

    // The scan comes back: received, taken, routed to the Spanish evaluator like an online submission.
    const ok = await upload(english.id, "office.user@northwind.example", { name: "scan.pdf", type: "application/pdf", data: A_PDF });
    expect(ok.json()).toEqual({ success: true, message: "The responses have been received and sent to an evaluator." });
    expect(await stateOf(english.id)).toBe("received");
    expect((await t.ctx.db.select({ s: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, english.id)))[0].s).toBe("taken");
    const [attempt] = await t.ctx.db.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.assignedTestId, english.id));
    const [routed] = await t.ctx.db.select().from(scoringAssignments).where(eq(scoringAssignments.candidateTestId, attempt.id));
    expect(routed.evaluatorUserId).not.toBeNull();
    const [evaluator] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, routed.evaluatorUserId!));
    const evaluatorCookie = evaluator.email === "evaluator@parlance.example" ? cookies[evaluator.email] : await t.signIn(evaluator.email);
    const content = (await get(`/api/test_results/get_scoreable_content/${attempt.id}`, null).then(() => t.request({ method: "GET", url: `/api/test_results/get_scoreable_content/${attempt.id}`, cookie: evaluatorCookie }))).json();
    expect(content).toMatchObject({ content_kind: "paper", scanned_responses_url: `/testing/results/${attempt.id}/scanned_responses`, entered_responses: null });
    const scan = await t.app.inject({ method: "GET", url: content.scanned_responses_url, headers: { cookie: evaluatorCookie } });
    expect([scan.statusCode, scan.headers["content-type"]]).toEqual([200, "application/pdf"]);
    expect(scan.rawPayload.equals(A_PDF)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: content.scanned_responses_url, headers: { cookie: cookies["admin@northwind.example"] } })).statusCode).toBe(403);
    // Received once only.
    expect((await upload(english.id, "office.user@northwind.example", { name: "scan.pdf", type: "application/pdf", data: A_PDF })).statusCode).toBe(409);

    // Typed responses work the same way.
    const typed = await post(`/api/paper_test_groups/tests/${chinese.id}/receive_entered`, "admin@northwind.example", { responses: "1. b\n2. Los domingos" });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await stateOf(chinese.id)).toBe("received");
    expect((await list("office.user@northwind.example")).all.some((c) => c.candidateId === english.candidateId || c.candidateId === chinese.candidateId)).toBe(false);
  }, 60_000);
});
