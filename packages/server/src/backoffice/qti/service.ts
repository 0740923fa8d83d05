import { desc, eq } from "drizzle-orm";
import { qtiMessages, type CutScore, type CutScores, type TestContent, type backofficeQtiRoutes } from "@parlance/contract";
import type { DbContext } from "../../context.js";
import { mediaFiles, testContentVersions, testCutScores } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { HttpError, badRequest } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import type { MediaEntry } from "../../content/media.js";
import { cutScoresOf, exportPackage, machineScoring } from "../../qti/index.js";
import { backOfficeScope, findTest } from "../catalogue/records.js";

/**
 * The back office's QTI actions (issue 29): a test's current content downloaded as a QTI 3
 * package, and the cut scores that give a level to the raw score of an all-machine-scored test.
 */

const qtiError = (status: number, name: keyof typeof qtiMessages, values: Record<string, string> = {}) =>
  new HttpError(status, qtiMessages[name].replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? ""), `boQti.messages.${name}`);

async function currentContent(db: DbContext["db"], testId: number) {
  const [row] = await db
    .select({ content: testContentVersions.content, media: testContentVersions.media })
    .from(testContentVersions)
    .where(eq(testContentVersions.testId, testId))
    .orderBy(desc(testContentVersions.id))
    .limit(1);
  return row ? { content: row.content as TestContent, media: row.media as MediaEntry[] } : null;
}

export async function cutScores({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<CutScores> {
  backOfficeScope(scope);
  await findTest(db, id);
  const current = await currentContent(db, id);
  const scoring = current ? machineScoring(current.content) : { allMachineScored: false, maxScore: null };
  return { cut_scores: await cutScoresOf(db, id), max_score: scoring.maxScore, all_machine_scored: scoring.allMachineScored };
}

export async function saveCutScores(ctx: DbContext, scope: Scope, { id }: { id: number }, { cut_scores }: InputOf<typeof backofficeQtiRoutes.saveCutScores>) {
  backOfficeScope(scope);
  await findTest(ctx.db, id);
  const seen = new Set<string>();
  for (const c of cut_scores) {
    if (seen.has(c.level)) throw qtiError(400, "duplicateCutLevel", { level: c.level });
    seen.add(c.level);
  }
  // A higher level needs a higher score: levels in scale order, minimums rising.
  const order = (l: string) => (l === "12+" ? 13 : Number(l));
  const sorted: CutScore[] = [...cut_scores].sort((a, b) => order(a.level) - order(b.level));
  for (let i = 1; i < sorted.length; i++) if (sorted[i].min_score <= sorted[i - 1].min_score) throw badRequest(qtiMessages.cutScoresOrder, "boQti.messages.cutScoresOrder");
  if (sorted.length === 0) await ctx.db.delete(testCutScores).where(eq(testCutScores.testId, id));
  else {
    await ctx.db
      .insert(testCutScores)
      .values({ testId: id, cutScores: sorted })
      .onConflictDoUpdate({ target: testCutScores.testId, set: { cutScores: sorted, updatedAt: new Date() } });
  }
  await audit(ctx, { actor: scope, action: "backoffice.test.cut_scores", targetType: "test", targetId: id, details: { cut_scores: sorted } });
  return { success: true, message: qtiMessages.cutScoresSaved };
}

/** The current content as a QTI 3 package, named after the content key. */
export async function exportQti({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<{ zip: Buffer; filename: string }> {
  backOfficeScope(scope);
  const test = await findTest(db, id);
  const current = await currentContent(db, id);
  if (!current) throw qtiError(404, "noContent");
  const media = new Map<string, Buffer>();
  for (const m of current.media) {
    const [file] = await db.select({ data: mediaFiles.data }).from(mediaFiles).where(eq(mediaFiles.sha256, m.sha256));
    if (file) media.set(m.path, file.data);
  }
  return { zip: exportPackage(current.content, media), filename: `${test.contentKey ?? `test-${id}`}-qti3.zip` };
}
