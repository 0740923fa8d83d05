import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resultReportPdf, type ResultReportFacts } from "./document.js";
import { pdfLocale } from "./locale.js";

/** The text of a PDF's pages (pdftotext -layout), one string per page. */
function pages(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-report-"));
  try {
    const file = path.join(dir, "r.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).split("\f").filter((p) => p.trim() !== "");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const base: ResultReportFacts = {
  credential: null,
  candidateName: "Hernandez, Maria Guadalupe",
  employeeId: "NW-10234",
  accountName: "Northwind Health",
  officeName: "Boston",
  test: "English Reading Proficiency",
  testLanguageCode: "en",
  method: "online",
  testType: "reading",
  assignedAt: new Date("2026-11-20T15:00:00Z"),
  startedAt: new Date("2026-11-24T15:00:00Z"),
  receivedAt: new Date("2026-11-24T16:00:00Z"),
  scoredAt: new Date("2026-11-25T15:00:00Z"),
  resultState: "scored",
  resultValue: "7",
  resultReason: null,
  categories: [
    { name: "Comprehension", level: "7" },
    { name: "Vocabulary", level: "7+" },
    { name: "Grammar", level: "6" },
  ],
  comments: "Reads professional texts with ease; occasional trouble with idiomatic expressions in long passages. Recommended for patient-facing written communication.",
  verificationKey: "ABCD2EFGH3JKLM4N",
  verifyUrl: "http://127.0.0.1:43215/testing/results/verify",
  verifiedUrl: "http://127.0.0.1:43215/testing/results/verified/ABCD2EFGH3JKLM4NPQRS5TUVW",
  candidateTestId: 1234,
  generatedAt: new Date("2026-11-26T15:00:00Z"),
};

const en = pdfLocale("en-US", "America/New_York");
const lines = (page: string) => page.split("\n").map((l) => l.trim());

describe("the result report PDF", () => {
  it("fits a scored result with categories and a comment on one page", async () => {
    const doc = pages(await resultReportPdf(en, base));
    expect(doc).toHaveLength(1);
    expect(doc[0]).toContain("ABCD-2EFG-H3JK-LM4N");
    expect(doc[0]).toContain("Reads professional texts with ease");
  });

  it("prints each verification address whole, on a line of its own", async () => {
    const [first] = pages(await resultReportPdf(en, base));
    expect(lines(first)).toContain(base.verifyUrl);
    expect(lines(first)).toContain(base.verifiedUrl);
    // A long public address is set smaller, never broken after a "/".
    const long = { ...base, verifyUrl: "https://languagetesting.northwind-health.example.org/portal/testing/results/verify" };
    expect(lines(pages(await resultReportPdf(en, long))[0])).toContain(long.verifyUrl);
  });

  it("keeps the key block on page one whatever follows it", async () => {
    const comments = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of a long comment about the candidate's reading.`).join("\n\n");
    const doc = pages(await resultReportPdf(en, { ...base, comments }));
    expect(doc.length).toBeGreaterThan(1);
    expect(doc[0]).toContain("ABCD-2EFG-H3JK-LM4N");
    expect(lines(doc[0])).toContain(base.verifyUrl);
    expect(doc.slice(1).join("")).not.toContain("ABCD-2EFG-H3JK-LM4N");
  });
});
