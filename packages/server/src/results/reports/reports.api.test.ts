import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { formatVerificationKey, reportMessages } from "@parlance/contract";
import { candidates, candidateTests, scoreSheets, scoringAssignments, users } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { signInAll } from "../../candidates/test-fixtures.js";
import { makeResult, pdfText } from "./test-fixtures.js";

/** /testing/results/{id}/download and /testing/results/download_summary: the PDFs and who reaches them. */
let t: TestApp;
let cookies: Record<string, string>;
let boston: { candidateId: number; candidateTestId: number };
let chicago: { candidateId: number; candidateTestId: number };
let contoso: { candidateId: number; candidateTestId: number };

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookies = await signInAll(t);
  for (const email of ["evaluator@parlance.example", "executive@parlance.example"]) cookies[email] = await t.signIn(email);
  boston = await makeResult(t, { office: 0, firstName: "Bo", lastName: "Stone", level: "8" });
  chicago = await makeResult(t, { office: 1, firstName: "Chi", lastName: "Cago", level: "12+" });
  contoso = await makeResult(t, { account: "contoso", office: null, firstName: "Con", lastName: "Toso", level: "5" });
  await t.ctx.db.insert(scoreSheets).values({ candidateTestId: boston.candidateTestId, comments: "Clear, well organised answers.", categories: { grammar: "grammar.4", organization: "organization.3", alta: "alta.8" } });
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const download = (id: number | string, cookie?: string) => get(`/testing/results/${id}/download`, cookie);
const keyOf = async (id: number) => (await t.ctx.db.select({ k: candidateTests.verificationKey }).from(candidateTests).where(eq(candidateTests.id, id)))[0].k!;

describe("the report of one result", () => {
  it("is a PDF with the candidate, test, level with its equivalents, comments and the verification key", async () => {
    const res = await download(boston.candidateTestId, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="result-${boston.candidateTestId}.pdf"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = pdfText(res.rawPayload);
    if (process.env.SAVE_PDFS) fs.writeFileSync("/tmp/report-en.pdf", res.rawPayload);
    const key = await keyOf(boston.candidateTestId);
    expect(key).toMatch(/^[0-9A-Z]{20}$/);
    for (const s of ["Language Test Result Report", "Bo Stone", "Northwind Health", "English Writing Proficiency", "ALTA level 8", "B2", "2+", "Advanced High", "Clear, well organised answers.", "Grammar", "4 – Good", "Organization", "3 – Adequate", formatVerificationKey(key), `http://localhost:3000/testing/results/verified/${key}`]) {
      expect(text, s).toContain(s);
    }
    // A second download prints the same key.
    await download(boston.candidateTestId, cookies["admin@northwind.example"]);
    expect(await keyOf(boston.candidateTestId)).toBe(key);
  });

  it("is written in the candidate's preferred language", async () => {
    const zh = await makeResult(t, { languageId: 104, firstName: "Li", lastName: "Wei", level: "12+" });
    const res = await download(zh.candidateTestId, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(200);
    if (process.env.SAVE_PDFS) fs.writeFileSync("/tmp/report-zh.pdf", res.rawPayload);
    const text = pdfText(res.rawPayload);
    for (const s of ["语言测试成绩报告", "ALTA 等级 12+", "杰出级", "母语水平", "第 1 页，共 1 页"]) expect(text, s).toContain(s);
    await t.ctx.db.update(candidates).set({ languageId: 106 }).where(eq(candidates.id, zh.candidateId));
    expect(pdfText((await download(zh.candidateTestId, cookies["admin@northwind.example"])).rawPayload)).toContain("語言測驗成績報告");
  });

  it("reaches account users, their office's users, the candidate, the evaluator who scored it and executives; 404 for anyone else", async () => {
    const status = async (email: string, id: number) => (await download(id, cookies[email])).statusCode;
    expect(await status("user@northwind.example", chicago.candidateTestId)).toBe(200);
    expect(await status("office.user@northwind.example", boston.candidateTestId)).toBe(200);
    expect(await status("office.admin@northwind.example", chicago.candidateTestId)).toBe(404);
    expect(await status("admin@contoso.example", boston.candidateTestId)).toBe(404);
    expect(await status("admin@northwind.example", contoso.candidateTestId)).toBe(404);
    expect(await status("candidate@northwind.example", boston.candidateTestId)).toBe(404);
    expect(await status("executive@parlance.example", contoso.candidateTestId)).toBe(200);
    expect(await status("evaluator@parlance.example", chicago.candidateTestId)).toBe(404);
    const [evaluator] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "evaluator@parlance.example"));
    await t.ctx.db.insert(scoringAssignments).values({ candidateTestId: chicago.candidateTestId, evaluatorUserId: evaluator.id, assignedAt: new Date(), dueAt: new Date() });
    expect(await status("evaluator@parlance.example", chicago.candidateTestId)).toBe(200);
    expect(await status("admin@parlance.example", boston.candidateTestId)).toBe(404);
  });

  it("reaches the candidate's own result", async () => {
    const [candidate] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "candidate@northwind.example"));
    const [profile] = await t.ctx.db.select({ id: candidates.id }).from(candidates).where(eq(candidates.userId, candidate.id)).limit(1);
    const own = await makeResult(t, { candidateId: profile.id, level: "7" });
    expect((await download(own.candidateTestId, cookies["candidate@northwind.example"])).statusCode).toBe(200);
  });

  it("answers 422 for a test without a result, 404 for a missing one, 400 for a bad id and 401 signed out", async () => {
    const open = await makeResult(t, { resultState: null });
    const res = await download(open.candidateTestId, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: reportMessages.noResult, messageKey: "resultReport.messages.noResult" });
    expect((await download(2_000_000_000, cookies["admin@northwind.example"])).statusCode).toBe(404);
    expect((await download("abc", cookies["admin@northwind.example"])).json().message).toBe(reportMessages.badId);
    expect((await download(boston.candidateTestId)).statusCode).toBe(401);
  });

  it("prints a result that could not be scored with its reason", async () => {
    const r = await makeResult(t, { resultState: "could_not_score" });
    const text = pdfText((await download(r.candidateTestId, cookies["admin@northwind.example"])).rawPayload);
    expect(text).toContain("Could not be scored: no response");
  });
});

describe("the summary of several results", () => {
  const summary = (ids: string, cookie: string) => get(`/testing/results/download_summary?candidate_tests=${ids}`, cookie);

  it("is one PDF with a row per result, in the caller's language, with the keys", async () => {
    const res = await summary(`${boston.candidateTestId},${chicago.candidateTestId}`, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    if (process.env.SAVE_PDFS) fs.writeFileSync("/tmp/summary-en.pdf", res.rawPayload);
    const text = pdfText(res.rawPayload);
    for (const s of ["Test Results Summary", "Bo Stone", "Chi Cago", "12+", formatVerificationKey(await keyOf(boston.candidateTestId)), formatVerificationKey(await keyOf(chicago.candidateTestId))]) {
      expect(text, s).toContain(s);
    }
    const zh = await t.request({ method: "GET", url: `/testing/results/download_summary?candidate_tests=${boston.candidateTestId}&lang=zh-HANS`, cookie: cookies["admin@northwind.example"] });
    expect(pdfText(zh.rawPayload)).toContain("测试成绩汇总");
  });

  it("answers 404 for all when any test is out of reach, and 400 for a bad list", async () => {
    expect((await summary(`${boston.candidateTestId},${contoso.candidateTestId}`, cookies["admin@northwind.example"])).statusCode).toBe(404);
    expect((await summary(`${boston.candidateTestId},${chicago.candidateTestId}`, cookies["office.user@northwind.example"])).statusCode).toBe(404);
    for (const bad of ["", "1,x", "0", "-3"]) {
      const res = await summary(bad, cookies["admin@northwind.example"]);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await summary(Array.from({ length: 201 }, (_, i) => i + 1).join(","), cookies["admin@northwind.example"])).json().message).toBe(reportMessages.tooManyTests);
  });
});
