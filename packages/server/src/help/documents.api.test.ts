import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVALUATOR_DOCUMENTS } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS, type TestApp } from "../test/harness.js";

/** /files/*.pdf: the evaluator documents, for evaluators and testing executives only (spec §6: roles 12 and 4). */
let t: TestApp;
const cookies: Record<string, string> = {};
const ALLOWED = ["evaluator@parlance.example", "executive@parlance.example"];
const REFUSED = [...ROLE_EMAILS, "admin@parlance.example", "news@parlance.example", "proctor@parlance.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of [...ALLOWED, ...REFUSED]) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

/** The document's Title (its Info dictionary names an object holding a PDF string, UTF-16 when not Latin). */
function pdfTitle(pdf: Buffer): string {
  const text = pdf.toString("latin1");
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const literal = ref ? new RegExp(`\\n${ref} 0 obj\\n\\(([\\s\\S]*?)\\)\\nendobj`).exec(text)?.[1] : undefined;
  if (literal === undefined) return "";
  const bytes = Buffer.from(literal.replace(/\\([()\\])/g, "$1"), "latin1");
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return bytes.toString("latin1");
  return Buffer.from(bytes.subarray(2)).swap16().toString("utf16le");
}

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

describe("evaluator documents", () => {
  it.each(ALLOWED)("gives %s each document as a PDF it can open in the browser", async (email) => {
    for (const doc of EVALUATOR_DOCUMENTS) {
      const res = await get(`/files/${doc.file}`, cookies[email]);
      expect(res.statusCode, doc.file).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`inline; filename="${doc.file}"`);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      expect(res.rawPayload.length).toBeGreaterThan(3000);
    }
  });

  it("writes each document in the reader's language (?lang=)", async () => {
    const cookie = cookies["evaluator@parlance.example"];
    const titles = async (lang: string) =>
      Promise.all(EVALUATOR_DOCUMENTS.map(async (d) => pdfTitle((await get(`/files/${d.file}?lang=${lang}`, cookie)).rawPayload)));
    expect(await titles("en-US")).toEqual(["Scoring Guide for Evaluators", "Testing Scales"]);
    expect(await titles("zh-HANS")).toEqual(["评估员评分指南", "测试等级量表"]);
    expect(await titles("zh-HANT")).toEqual(["評估員評分指南", "測驗等級量表"]);
  });

  it("refuses every client role, the candidate and staff without the permission (403), and a visitor (401)", async () => {
    for (const email of REFUSED) {
      for (const doc of EVALUATOR_DOCUMENTS) expect((await get(`/files/${doc.file}`, cookies[email])).statusCode, `${email} ${doc.file}`).toBe(403);
    }
    expect((await get("/files/scoring-guide.pdf")).statusCode).toBe(401);
    expect((await get("/api/startup", cookies["evaluator@parlance.example"])).json().authorized.evaluatorDocuments).toBe(true);
    expect((await get("/api/startup", cookies["admin@northwind.example"])).json().authorized.evaluatorDocuments).toBe(false);
  });

  it("answers 404 for any other file name, however it is written", async () => {
    const cookie = cookies["executive@parlance.example"];
    for (const name of ["nope.pdf", "scoring-guide.PDF", "..%2F..%2Fpackage.json", "scoring-guide.pdf%00", "x".repeat(100)]) {
      const res = await get(`/files/${name}`, cookie);
      expect([404, 400], name).toContain(res.statusCode);
      expect(res.headers["content-type"], name).toMatch(/application\/json/);
    }
    expect((await get("/files/nope.pdf", cookie)).statusCode).toBe(404);
  });
});
