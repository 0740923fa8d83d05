import { and, eq, inArray } from "drizzle-orm";
import { paperPackageMessages, PAPER_SCAN_MAX_BYTES, type paperTestParams } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { assignedTests, candidates, candidateTests, paperPackageTests, paperResponses, tests } from "../db/schema.js";
import { candidatesInScope, clientScope, inAccount, type Scope } from "../auth/scope.js";
import type { Tx } from "../db/tx.js";
import type { PdfFile } from "../http/pdf.js";
import { audit } from "../audit/audit.js";
import { newestVersion } from "../content/read.js";
import { moveAttempts, receive } from "../attempts/index.js";
import { scoreableFor } from "../results/index.js";
import { say } from "./packages.js";

/**
 * Paper responses come back (issue 14, point 5): an outstanding paper test is marked received with
 * its scanned responses (a PDF) or its responses typed in. In one transaction the attempt turns
 * `received`, the assigned test `taken`, and routeScoreableTest (attempts/routing.ts, the
 * same step an online submission takes) makes it scoreable and gives it to an evaluator.
 */

export type Responses = { scan: Buffer; filename: string } | { text: string };

/** A PDF is what it says from its first bytes (`%PDF-`) and ends with an end-of-file marker. */
export function isPdf(buf: Buffer): boolean {
  if (buf.length < 16 || buf.subarray(0, 5).toString("latin1") !== "%PDF-") return false;
  return buf.subarray(Math.max(0, buf.length - 1024)).toString("latin1").includes("%%EOF");
}

export function checkScan(buf: Buffer): void {
  if (buf.length > PAPER_SCAN_MAX_BYTES) throw say(413, "fileTooLarge");
  if (!isPdf(buf)) throw say(400, "notPdf");
}

export async function receivePaper(ctx: AppContext, scope: Scope, assignedTestId: number, responses: Responses) {
  const s = clientScope(scope);
  if ("scan" in responses) checkScan(responses.scan);
  const now = new Date();
  const routed = await ctx.db.transaction(async (tx: Tx) => {
    const [held] = await tx
      .select({ id: assignedTests.id, testId: assignedTests.testId, method: tests.method })
      .from(assignedTests)
      .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
      .innerJoin(tests, eq(tests.id, assignedTests.testId))
      .where(and(eq(assignedTests.id, assignedTestId), inAccount(s, assignedTests), candidatesInScope(s)));
    if (!held || held.method !== "paper") throw say(404, "testNotFound");
    const [attempt] = await tx.select().from(candidateTests).where(eq(candidateTests.assignedTestId, held.id)).for("update");
    if (!attempt || (attempt.state !== "outstanding" && attempt.state !== "partially_received")) throw say(409, "notOutstanding");
    await tx.insert(paperResponses).values({
      candidateTestId: attempt.id,
      scan: "scan" in responses ? responses.scan : null,
      scanFilename: "scan" in responses ? responses.filename.slice(0, 200) : null,
      scanBytes: "scan" in responses ? responses.scan.length : null,
      enteredText: "text" in responses ? responses.text : null,
      receivedByUserId: s.userId,
    });
    // The content the paper was printed from (the newest version), so the evaluator scores against it.
    const contentVersionId = attempt.contentVersionId ?? (await newestVersion(tx, held.testId));
    // No online answers to score automatically: the evaluator reads the scan or the typed responses.
    const r = await receive(tx, attempt, { receivedAt: now, submittedAt: now, contentVersionId }, null, now);
    await markPackagePartiallyReceived(tx, held.id, now);
    await audit(
      { db: tx as never },
      {
        actor: scope,
        accountId: s.accountId,
        action: "paper.received",
        targetType: "candidate_test",
        targetId: attempt.id,
        details: { assignedTestId: held.id, how: "scan" in responses ? "scan" : "entered", evaluatorUserId: r?.evaluatorUserId ?? null },
      },
    );
    return r;
  });
  return { success: true, message: paperPackageMessages.received, routed };
}

/**
 * Spec §4 'test partially received': once some but not all tests of a paper package have come
 * back, the package's tests still awaiting responses turn `partially_received` (dated by the
 * first that came back); each turns `received` when its own responses arrive.
 */
async function markPackagePartiallyReceived(tx: Tx, assignedTestId: number, now: Date): Promise<void> {
  const [member] = await tx.select({ packageId: paperPackageTests.packageId }).from(paperPackageTests).where(eq(paperPackageTests.assignedTestId, assignedTestId));
  if (!member) return;
  const siblings = tx.select({ id: paperPackageTests.assignedTestId }).from(paperPackageTests).where(eq(paperPackageTests.packageId, member.packageId));
  await moveAttempts(tx, "outstanding", "partially_received", inArray(candidateTests.assignedTestId, siblings), { receivedAt: now });
}

/** GET /testing/results/{id}/scanned_responses: for whoever may score the test (its evaluator, Testing Executives). */
export async function scannedResponses(ctx: AppContext, scope: Scope, { id }: z.output<typeof paperTestParams>): Promise<PdfFile> {
  const s = await scoreableFor(ctx.db, scope, id);
  const [r] = await ctx.db.select({ scan: paperResponses.scan }).from(paperResponses).where(eq(paperResponses.candidateTestId, s.id));
  if (!r?.scan) throw say(404, "noScan");
  return { pdf: r.scan, filename: `paper-responses-${s.id}.pdf` };
}
