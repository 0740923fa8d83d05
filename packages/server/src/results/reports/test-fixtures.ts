import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { candidates, candidateTests } from "../../db/schema.js";
import type { TestApp } from "../../test/harness.js";
import { makeAssignedTest, makeCandidate } from "../../history/test-fixtures.js";

/** Results the API tests of reports, certificates and verification start from. */

export interface NewResult {
  account?: "northwind" | "contoso";
  /** Index into the account's demo offices; null: account level. */
  office?: number | null;
  languageId?: number;
  firstName?: string;
  lastName?: string;
  test?: string;
  level?: string | null;
  resultState?: "scored" | "not_completed" | "could_not_score" | null;
  receivedAt?: Date;
  /** An existing candidate instead of a new one. */
  candidateId?: number;
}

/** A candidate (new unless given) with one received attempt and its result; returns both ids. */
export async function makeResult(t: TestApp, r: NewResult = {}): Promise<{ candidateId: number; candidateTestId: number }> {
  const db = t.ctx.db;
  const account = t.ids.accounts[r.account ?? "northwind"];
  const officeId = r.office === null ? null : t.ids.offices[r.account ?? "northwind"][r.office ?? 0];
  const candidateId =
    r.candidateId ?? (await makeCandidate(db, { accountId: account, officeId, firstName: r.firstName ?? "Rita", lastName: r.lastName ?? "Report", languageId: r.languageId ?? 140 }));
  const [c] = await db.select({ accountId: candidates.accountId }).from(candidates).where(eq(candidates.id, candidateId));
  const receivedAt = r.receivedAt ?? new Date(Date.now() - 10 * 86_400_000);
  const resultState = r.resultState === undefined ? "scored" : r.resultState;
  const assignedTestId = await makeAssignedTest(db, {
    candidateId,
    accountTestId: t.ids.catalogue.accountTests[c.accountId][r.test ?? "en-writing"],
    state: "taken",
    attempt: {
      state: "received",
      startedAt: new Date(receivedAt.getTime() - 3600_000),
      receivedAt,
      resultState,
      resultValue: resultState === "scored" ? (r.level === undefined ? "8" : r.level) : null,
      resultReason: resultState === "scored" || resultState === null ? null : "no_response",
      scoredAt: resultState === null ? null : new Date(receivedAt.getTime() + 86_400_000),
    },
  });
  const [ct] = await db.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.assignedTestId, assignedTestId));
  return { candidateId, candidateTestId: ct.id };
}

/** The text of a PDF (poppler's pdftotext), to check what a person would read. */
export function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
