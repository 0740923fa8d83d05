import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { formatVerificationKey, reportMessages } from "@parlance/contract";
import { candidateTests } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { signInAll } from "../../candidates/test-fixtures.js";
import { makeResult, pdfText } from "../reports/test-fixtures.js";

/** /testing/candidates/{id}/certificate: the spec's rules (kace 5 years, multicare from 2025), scope and bad input. */
let t: TestApp;
let cookies: Record<string, string>;
let candidateId: number;
let recent: number;
let old2024: number;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookies = await signInAll(t);
  const first = await makeResult(t, { office: 0, firstName: "Cert", lastName: "Holder", level: "10", receivedAt: daysAgo(40) });
  candidateId = first.candidateId;
  recent = first.candidateTestId;
  // 2024: inside the last five years (kace), before 2025 (not multicare).
  old2024 = (await makeResult(t, { candidateId, test: "en-reading", level: "6", receivedAt: new Date("2024-06-03T15:00:00Z") })).candidateTestId;
  // More than five years ago: in neither.
  await makeResult(t, { candidateId, test: "en-listening", level: "4", receivedAt: daysAgo(6 * 366) });
});
afterAll(() => t?.close());

const cert = (id: number, qs: string, cookie = cookies["admin@northwind.example"]) => t.request({ method: "GET", url: `/testing/candidates/${id}/certificate?${qs}`, cookie });
const keyOf = async (id: number) => (await t.ctx.db.select({ k: candidateTests.verificationKey }).from(candidateTests).where(eq(candidateTests.id, id)))[0].k!;

describe("certificates", () => {
  it("kace lists the tests passed in the last 5 years with levels and verification keys", async () => {
    const res = await cert(candidateId, "type=kace");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="kace-certificate-${candidateId}.pdf"`);
    if (process.env.SAVE_PDFS) fs.writeFileSync("/tmp/cert-kace.pdf", res.rawPayload);
    const text = pdfText(res.rawPayload);
    for (const s of ["Certificate of Language Proficiency", "KACE certificate", "Cert Holder", "English Writing Proficiency", "English Reading Proficiency", formatVerificationKey(await keyOf(recent)), formatVerificationKey(await keyOf(old2024)), "C1 / 3+ / Superior"]) {
      expect(text, s).toContain(s);
    }
    expect(text).not.toContain("English Listening Comprehension");
  });

  it("multicare lists only tests on or after 2025-01-01", async () => {
    const res = await cert(candidateId, "type=multicare&min_test_date=2025-01-01");
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("English Writing Proficiency");
    expect(text).not.toContain("English Reading Proficiency");
    expect(text).toContain("Jan 1, 2025");
  });

  it("a min_test_date narrows a certificate but never widens it past its rule", async () => {
    const wide = pdfText((await cert(candidateId, "type=multicare&min_test_date=2020-01-01")).rawPayload);
    expect(wide).not.toContain("English Reading Proficiency");
    const narrow = await cert(candidateId, `type=kace&min_test_date=${daysAgo(10).toISOString().slice(0, 10)}`);
    expect(narrow.statusCode).toBe(422);
    expect(narrow.json()).toEqual({ message: reportMessages.notQualified, messageKey: "resultReport.messages.notQualified" });
  });

  it("is written in the candidate's language", async () => {
    const zh = await makeResult(t, { languageId: 106, firstName: "Mei", lastName: "Lin", level: "11", receivedAt: daysAgo(5) });
    const res = await cert(zh.candidateId, "type=kace");
    if (process.env.SAVE_PDFS) fs.writeFileSync("/tmp/cert-zh.pdf", res.rawPayload);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("語言能力證書");
    expect(text).toContain("傑出級");
  });

  it("answers 422 when the candidate does not qualify", async () => {
    const none = await makeResult(t, { resultState: "could_not_score" });
    expect((await cert(none.candidateId, "type=kace")).statusCode).toBe(422);
  });

  it("answers 404 out of scope, 400 for a bad type or date, 401 signed out and 403 without the permission", async () => {
    expect((await cert(candidateId, "type=kace", cookies["admin@contoso.example"])).statusCode).toBe(404);
    const chicago = await makeResult(t, { office: 1, receivedAt: daysAgo(3) });
    expect((await cert(chicago.candidateId, "type=kace", cookies["office.user@northwind.example"])).statusCode).toBe(404);
    expect((await cert(candidateId, "type=kace", cookies["office.user@northwind.example"])).statusCode).toBe(200);
    const badType = await cert(candidateId, "type=gold");
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(reportMessages.badCertificateType);
    expect((await cert(candidateId, "")).json().message).toBe(reportMessages.badCertificateType);
    for (const d of ["2025-02-30", "yesterday", "2025-1-1"]) expect((await cert(candidateId, `type=kace&min_test_date=${d}`)).json().message, d).toBe(reportMessages.badMinTestDate);
    expect((await t.request({ method: "GET", url: `/testing/candidates/${candidateId}/certificate?type=kace` })).statusCode).toBe(401);
    expect((await cert(candidateId, "type=kace", cookies["candidate@northwind.example"])).statusCode).toBe(403);
  });
});
