import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { paperPackageMessages, type paperPackageRoutes, type PaperPackageTest } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { assignedTests, candidates, candidateTests, offices, paperPackages, paperPackageTests, tests } from "../db/schema.js";
import { startValues } from "../attempts/index.js";
import { candidatesInScope, clientScope, inAccount, rowsInScope, type ClientScope, type Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";
import type { InputOf } from "../http/implement-area.js";
import { audit } from "../audit/audit.js";
import { queueMail } from "../mail/outbox.js";
import { PAPER_PACKAGE_PDF_JOB } from "./package-pdf.js";

/**
 * Paper test packages (client-administration.md §2, §7): the proctored paper tests waiting for a
 * package, making one (its PDF by a job), its download link, and mailing it to the proctor.
 */

export const say = (status: number, name: keyof typeof paperPackageMessages) => new HttpError(status, paperPackageMessages[name], `paper.messages.${name}`);

export const displayAsOf = (c: { firstName: string; middleName: string; lastName: string }) =>
  `${c.lastName}, ${[c.firstName, c.middleName].filter(Boolean).join(" ")}`;

/** The package's download path: the page links to it and the proctor's mail carries it. */
export const packagePdfPath = (key: string) => `/api/paper_test_groups/download/${key}`;

/** The columns of a package test (with its candidate, office and test), as packageTestOf reads them. */
export const packageTestColumns = {
  id: assignedTests.id,
  candidateId: candidates.id,
  firstName: candidates.firstName,
  middleName: candidates.middleName,
  lastName: candidates.lastName,
  employeeId: candidates.employeeId,
  officeName: offices.name,
  description: tests.description,
  method: tests.method,
};
interface TestRow {
  id: number;
  candidateId: number;
  firstName: string;
  middleName: string;
  lastName: string;
  employeeId: string;
  officeName: string | null;
  description: string;
  method: PaperPackageTest["test_method"];
}

export const packageTestOf = (r: TestRow): PaperPackageTest => ({
  id: r.id,
  candidate_profile_id: r.candidateId,
  candidate_display_as: displayAsOf(r),
  employee_id: r.employeeId,
  office_name: r.officeName,
  test_description: r.description,
  test_method: r.method,
});

/** Paper tests of the caller's candidates that may go in a package: proctored, open, never sent out, in no package. */
async function unpackagedTests(ctx: AppContext, scope: ClientScope, only?: number[]): Promise<TestRow[]> {
  return ctx.db
    .select(packageTestColumns)
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .leftJoin(offices, eq(offices.id, candidates.officeId))
    .leftJoin(paperPackageTests, eq(paperPackageTests.assignedTestId, assignedTests.id))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    .where(
      and(
        candidatesInScope(scope),
        inAccount(scope, assignedTests),
        eq(tests.method, "paper"),
        or(eq(tests.proctored, true), eq(assignedTests.useProctorService, true)),
        eq(assignedTests.state, "takeable"),
        isNull(assignedTests.deletedAt),
        gt(assignedTests.expiresAt, new Date()),
        isNull(paperPackageTests.assignedTestId),
        isNull(candidateTests.id),
        only ? inArray(assignedTests.id, only) : undefined,
      ),
    )
    .orderBy(asc(candidates.lastName), asc(candidates.firstName), asc(assignedTests.id));
}

export async function getTests(ctx: AppContext, scope: Scope) {
  return { tests: (await unpackagedTests(ctx, clientScope(scope))).map(packageTestOf) };
}

export async function createPackage(ctx: AppContext, scope: Scope, { assigned_tests }: InputOf<typeof paperPackageRoutes.create>) {
  const s = clientScope(scope);
  const ids = [...new Set(assigned_tests)];
  const groupKey = randomBytes(32).toString("base64url");
  const packageId = await ctx.db.transaction(async (tx) => {
    // Serialises packaging per account: two packages never take the same test.
    await tx.execute(sql`select pg_advisory_xact_lock(5310418, ${s.accountId})`);
    const found = await unpackagedTests({ ...ctx, db: tx as never }, s, ids);
    if (found.length !== ids.length) throw say(400, "testNotAvailable");
    const [pkg] = await tx
      .insert(paperPackages)
      .values({ groupKey, accountId: s.accountId, officeId: s.officeId, createdByUserId: s.userId })
      .returning({ id: paperPackages.id });
    await tx.insert(paperPackageTests).values(found.map((t, position) => ({ packageId: pkg.id, assignedTestId: t.id, position })));
    return pkg.id;
  });
  await ctx.jobs.send(PAPER_PACKAGE_PDF_JOB, { packageId }, { retryLimit: 2 });
  await audit(ctx, { actor: scope, accountId: s.accountId, action: "paper.package_create", targetType: "paper_package", targetId: packageId, details: { tests: ids.length } });
  return { group_key: groupKey };
}

/** A package the caller reaches: their account's, and an office user's office's only; otherwise 404. */
export async function packageInScope(ctx: AppContext, scope: Scope, key: string) {
  const s = clientScope(scope);
  const [pkg] = await ctx.db
    .select({ id: paperPackages.id, groupKey: paperPackages.groupKey, pdfState: paperPackages.pdfState, accountId: paperPackages.accountId })
    .from(paperPackages)
    .where(and(eq(paperPackages.groupKey, key), rowsInScope(s, paperPackages)));
  if (!pkg) throw say(404, "packageNotFound");
  return pkg;
}

export async function getDownloadLink(ctx: AppContext, scope: Scope, { group_key }: InputOf<typeof paperPackageRoutes.getDownloadLink>) {
  const pkg = await packageInScope(ctx, scope, group_key);
  const [n] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(paperPackageTests).where(eq(paperPackageTests.packageId, pkg.id));
  return { group_key: pkg.groupKey, status: pkg.pdfState, url: pkg.pdfState === "ready" ? packagePdfPath(pkg.groupKey) : null, test_count: n.n };
}

/** Mails the proctor the package's link and what to do with it (in English: a proctor has no language of their own here). */
export async function alertProctor(ctx: AppContext, scope: Scope, { group_key, email_address }: InputOf<typeof paperPackageRoutes.alert>) {
  const pkg = await packageInScope(ctx, scope, group_key);
  if (pkg.pdfState === "failed") throw say(422, "emailFailure");
  const [n] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(paperPackageTests).where(eq(paperPackageTests.packageId, pkg.id));
  const link = `${ctx.config.publicUrl}${packagePdfPath(pkg.groupKey)}`;
  const text = [
    "Hello,",
    "",
    `You have been asked to proctor ${n.n} paper language test${n.n === 1 ? "" : "s"}. Download and print the test package here:`,
    link,
    "",
    "The first pages list every candidate with their access code and hold the proctor agreement: read it, sign it and return it with the responses.",
    "Give each candidate only their own test, time it as printed, and collect every page when the time is over.",
    "Send the completed tests back to the test administrator who sent you this message. Delete the package file and any copies one week after the tests.",
  ].join("\n");
  await queueMail(ctx, { to: email_address, subject: "Paper language tests to proctor", text, template: "paperPackageProctor" });
  await audit(ctx, { actor: scope, accountId: pkg.accountId, action: "paper.package_alert", targetType: "paper_package", targetId: pkg.id, details: { to: email_address } });
  return { success: true, message: paperPackageMessages.emailSuccess };
}

/**
 * GET the package PDF by its key (anyone holding the link: the proctor has no account here). The
 * first download prints the package: its tests are sent out and awaiting responses (outstanding).
 */
export async function downloadPackage(ctx: AppContext, key: string) {
  const [pkg] = await ctx.db.select().from(paperPackages).where(eq(paperPackages.groupKey, key));
  if (!pkg) throw say(404, "packageNotFound");
  if (pkg.pdfState !== "ready" || !pkg.pdf) throw say(404, "notReady");
  if (pkg.printedAt === null) {
    const now = new Date();
    await ctx.db.transaction(async (tx) => {
      const [first] = await tx
        .update(paperPackages)
        .set({ printedAt: now })
        .where(and(eq(paperPackages.id, pkg.id), isNull(paperPackages.printedAt)))
        .returning({ id: paperPackages.id });
      if (!first) return;
      const held = await tx
        .select({ id: assignedTests.id, candidateId: assignedTests.candidateId, accountId: assignedTests.accountId })
        .from(paperPackageTests)
        .innerJoin(assignedTests, eq(assignedTests.id, paperPackageTests.assignedTestId))
        .where(and(eq(paperPackageTests.packageId, pkg.id), isNull(assignedTests.deletedAt), eq(assignedTests.state, "takeable")));
      if (held.length) {
        await tx
          .insert(candidateTests)
          .values(held.map((h) => startValues("outstanding", { assignedTestId: h.id, candidateId: h.candidateId, accountId: h.accountId, startedAt: now })))
          .onConflictDoNothing({ target: candidateTests.assignedTestId });
      }
    });
    await audit(ctx, { actor: null, accountId: pkg.accountId, action: "paper.package_print", targetType: "paper_package", targetId: pkg.id, details: {} });
  }
  return { pdf: pkg.pdf, filename: `test-package-${pkg.groupKey.slice(0, 8)}.pdf` };
}

