import { asc, eq } from "drizzle-orm";
import { DATE_STYLE, DATE_TIME_STYLE, INTL_LOCALE, LANGUAGE_IDS, LANGUAGES, timeZoneById, type Language } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { assignedTests, candidates, paperPackages, paperPackageTests, tests } from "../db/schema.js";
import { contentOf, newestVersion } from "../content/read.js";
import { translate } from "../i18n/catalog.js";
import { PdfWriter } from "../pdf/writer.js";
import { writePaperTest, type PaperLabels } from "../taking/index.js";

/**
 * The package PDF, made by a job (pg-boss) after /create: a cover page listing every test of the
 * package with its candidate and access code, the proctor's agreement to sign, then each test
 * from a new page, printed in its candidate's language (the booklet's own words; the test content
 * is the test's). Stored on the package row so any server process answers the download.
 */
export const PAPER_PACKAGE_PDF_JOB = "paper.packagePdf";

const languageOfId = (languageId: number | null): Language => LANGUAGES.find((l) => LANGUAGE_IDS[l] === languageId) ?? "en-US";

function labelsFor(lang: Language): PaperLabels {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `paper.pdf.${key}`, vars);
  return {
    candidate: t("candidate"),
    accessCode: t("accessCode"),
    timeLimit: (minutes) => t("timeLimit", { minutes }),
    noTimeLimit: t("noTimeLimit"),
    takeBefore: t("takeBefore"),
    printed: t("printed"),
    instructions: t("instructions"),
    instructionLines: [t("instruction1"), t("instruction2"), t("instruction3")],
  };
}

export async function buildPackagePdf(ctx: Pick<AppContext, "db">, packageId: number): Promise<Buffer> {
  const [pkg] = await ctx.db.select().from(paperPackages).where(eq(paperPackages.id, packageId));
  const rows = await ctx.db
    .select({
      assignedTestId: assignedTests.id,
      testId: assignedTests.testId,
      accessCode: assignedTests.accessCode,
      expiresAt: assignedTests.expiresAt,
      testName: tests.description,
      timeLimitMinutes: tests.timeLimitMinutes,
      firstName: candidates.firstName,
      middleName: candidates.middleName,
      lastName: candidates.lastName,
      employeeId: candidates.employeeId,
      adjustments: candidates.adjustments,
      languageId: candidates.languageId,
      timeZoneId: candidates.timeZoneId,
    })
    .from(paperPackageTests)
    .innerJoin(assignedTests, eq(assignedTests.id, paperPackageTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(eq(paperPackageTests.packageId, packageId))
    .orderBy(asc(paperPackageTests.position));

  const now = new Date();
  const en = (key: string, vars?: Record<string, string | number>) => translate("en-US", `paper.pdf.${key}`, vars);
  const w = new PdfWriter({ title: en("title"), subject: `${en("title")} ${pkg.groupKey.slice(0, 8)}` });
  const nameOf = (r: (typeof rows)[number]) => [r.firstName, r.middleName, r.lastName].filter(Boolean).join(" ");

  // The proctor's cover: what is in the package, and the agreement the proctor signs and returns.
  w.text(en("title"), { bold: true, size: 18, after: 4 });
  w.text(en("packageKey", { key: pkg.groupKey }), { size: 9, color: "#555555", after: 0 });
  w.text(en("testCount", { count: rows.length }), { after: 8 });
  rows.forEach((r, i) => w.text(`${i + 1}. ${nameOf(r)}${r.employeeId ? ` (${r.employeeId})` : ""} — ${r.testName} — ${en("accessCode")}: ${r.accessCode}`, { after: 2 }));
  w.rule();
  w.text(en("agreementTitle"), { bold: true, size: 13, after: 2 });
  for (const key of ["agreement1", "agreement2", "agreement3"]) w.text(en(key), { after: 2 });
  w.text(en("signature"), { after: 2 });
  w.answerLines(2);

  for (const r of rows) {
    const lang = languageOfId(r.languageId);
    const zone = timeZoneById(r.timeZoneId);
    const fmt = (d: Date, withTime: boolean) =>
      new Intl.DateTimeFormat(INTL_LOCALE[lang], { ...(withTime ? DATE_TIME_STYLE : DATE_STYLE), timeZone: zone.name }).format(d) + (withTime ? ` (${zone.displayAs})` : "");
    w.doc.addPage();
    const versionId = await newestVersion(ctx.db, r.testId);
    if (versionId === null) throw new Error(`test ${r.testId} has no content`);
    writePaperTest(
      w,
      await contentOf(ctx.db, versionId),
      {
        testName: r.testName,
        candidateName: nameOf(r),
        accessCode: r.accessCode,
        assignedTestId: r.assignedTestId,
        timeLimitMinutes: r.timeLimitMinutes ? r.timeLimitMinutes * (r.adjustments ? 2 : 1) : null,
        expires: fmt(r.expiresAt, false),
        printed: fmt(now, true),
      },
      labelsFor(lang),
    );
  }
  return w.finish(en("title"));
}

/** The job: makes the PDF once; a package whose PDF cannot be made is marked failed (the page says so). */
export async function makePackagePdf(ctx: AppContext, { packageId }: { packageId: number }): Promise<void> {
  const [pkg] = await ctx.db.select({ state: paperPackages.pdfState }).from(paperPackages).where(eq(paperPackages.id, packageId));
  if (!pkg || pkg.state !== "pending") return;
  let pdf: Buffer;
  try {
    pdf = await buildPackagePdf(ctx, packageId);
  } catch (err) {
    console.error(`paper package ${packageId}: the PDF could not be made:`, (err as Error).message);
    await ctx.db.update(paperPackages).set({ pdfState: "failed" }).where(eq(paperPackages.id, packageId));
    return;
  }
  await ctx.db.update(paperPackages).set({ pdfState: "ready", pdf, pdfReadyAt: new Date() }).where(eq(paperPackages.id, packageId));
}

export async function registerPaperJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<{ packageId: number }>(PAPER_PACKAGE_PDF_JOB, (data) => makePackagePdf(ctx, data));
}
