import fs from "node:fs/promises";
import path from "node:path";
import { and, count, desc, eq, lte } from "drizzle-orm";
import { RESPONSE_KINDS, backofficeContentMessages, checkTestContent, mediaReferences, type ContentFileMessage, type ContentReport, type TestContent } from "@parlance/contract";
import type { FastifyRequest } from "fastify";
import type { DbContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { mediaFiles, testContentVersions } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { HttpError } from "../../http/errors.js";
import { ValidationError } from "../../http/validation.js";
import { audit } from "../../audit/audit.js";
import { checkFile, storeFile, type CheckedFile } from "../../content/import.js";
import type { MediaEntry } from "../../content/media.js";
import { backOfficeScope, findTest, type TestRecord } from "../catalogue/records.js";
import { contentError, readContentUpload, type ContentUpload } from "./upload.js";
import { importerMessage, ourMessage } from "./messages.js";
import { isQtiPackage, stageQtiPackage } from "./qti-upload.js";

/**
 * A content file uploaded on a test's page: laid out as the importer reads content from disk
 * (<key>.json beside media/…), checked by the importer itself (content/import.ts checkFile) and, to
 * publish, stored by it (storeFile: a new test_content_versions row, never a changed one, so an
 * attempt in progress keeps the version it started with).
 */

export function summaryOf(content: TestContent) {
  return {
    key: content.key,
    description: content.description,
    test_type: content.test_type_short_name,
    time_limit_minutes: content.time_limit_minutes ?? null,
    sections: content.sections.length,
    questions: content.sections.reduce((n, s) => n + s.items.filter((i) => RESPONSE_KINDS.includes(i.kind)).length, 0),
    media: new Set(mediaReferences(content).map((r) => r.path)).size,
  };
}

/** The test's newest version (the current one), or null. */
async function currentVersion(db: Db, testId: number) {
  const [row] = await db
    .select({ id: testContentVersions.id, hash: testContentVersions.contentHash, media: testContentVersions.media })
    .from(testContentVersions)
    .where(eq(testContentVersions.testId, testId))
    .orderBy(desc(testContentVersions.id))
    .limit(1);
  return row ? { ...row, media: row.media as MediaEntry[] } : null;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

interface Examined {
  report: ContentReport;
  /** Set when the file passed every check. */
  checked: CheckedFile | null;
}

/**
 * Puts each media file the content names where the importer looks for it (media/… beside the
 * content): the uploaded file of the same name, else the current version's file of that path.
 */
async function stageMedia(db: Db, upload: ContentUpload, stage: string, content: TestContent, testId: number, messages: ContentFileMessage[]): Promise<void> {
  const byName = new Map<string, string>();
  for (const m of upload.media) {
    if (byName.has(m.name)) messages.push(ourMessage("error", "duplicateMedia", { name: m.name }));
    byName.set(m.name, m.path);
  }
  const used = new Set<string>();
  const current = await currentVersion(db, testId);
  for (const srcPath of new Set(mediaReferences(content).map((r) => r.path))) {
    const target = path.join(stage, ...srcPath.split("/"));
    const name = path.posix.basename(srcPath);
    const uploaded = byName.get(name);
    if (uploaded) {
      used.add(name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.copyFile(uploaded, target);
      continue;
    }
    const kept = current?.media.find((m) => m.path === srcPath);
    if (!kept) continue; // the importer says it is missing
    const [file] = await db.select({ data: mediaFiles.data }).from(mediaFiles).where(eq(mediaFiles.sha256, kept.sha256));
    if (!file) continue;
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.data);
    messages.push(ourMessage("warning", "keptMedia", { path: srcPath }));
  }
  for (const name of byName.keys()) if (!used.has(name)) messages.push(ourMessage("warning", "unusedMedia", { name }));
}

/** A QTI package: read into content and media, then every check of a content file. */
async function examineQti(db: Db, test: TestRecord, upload: ContentUpload): Promise<Examined> {
  const file = upload.content.name;
  const messages: ContentFileMessage[] = [];
  const stage = path.join(upload.dir, "stage");
  await fs.mkdir(stage);
  const staged = await stageQtiPackage(test, upload, stage, messages);
  if (!staged) return { report: { file, ok: false, unchanged: false, messages, summary: null }, checked: null };
  return finish(db, test, file, messages, await checkFile(db, { file: staged.staged, label: file, baseDir: stage }), { format: "qti", interactions: staged.interactions });
}

/** The importer's verdict as the report (shared by content files and QTI packages). */
async function finish(db: Db, test: TestRecord, file: string, messages: ContentFileMessage[], result: Awaited<ReturnType<typeof checkFile>>, extra: { format: "json" | "qti"; interactions?: Record<string, number> }): Promise<Examined> {
  if (!result.ok) {
    messages.unshift(...result.errors.map(importerMessage));
    return { report: { file, ok: false, unchanged: false, messages, summary: null }, checked: null };
  }
  if (result.file.testId !== test.id) throw new HttpError(409, "The content key changed meanwhile: reload the page.", "errors.generic");
  if (!test.isActive) messages.push(ourMessage("warning", "retired"));
  const ok = !messages.some((m) => m.level === "error");
  const unchanged = (await currentVersion(db, test.id))?.hash === result.file.hash;
  if (ok && unchanged) messages.push(ourMessage("warning", "unchanged"));
  return { report: { file, ok, unchanged, messages, summary: { ...summaryOf(result.file.content), ...extra } }, checked: ok ? result.file : null };
}

/** Every check of an upload for this test; stores nothing. */
async function examine(db: Db, test: TestRecord, upload: ContentUpload): Promise<Examined> {
  if (isQtiPackage(upload)) return examineQti(db, test, upload);
  const key = test.contentKey!;
  const file = upload.content.name;
  const messages: ContentFileMessage[] = [];
  const refused = (): Examined => ({ report: { file, ok: false, unchanged: false, messages, summary: null }, checked: null });

  const text = await fs.readFile(upload.content.path, "utf8");
  const json = parseJson(text);
  const fileKey = json !== null && typeof json === "object" && typeof (json as { key?: unknown }).key === "string" ? (json as { key: string }).key : null;
  // A file of another test would be stored as that test's content: refused before anything else.
  if (fileKey !== null && fileKey !== key) {
    messages.push(ourMessage("error", "keyMismatch", { fileKey, testKey: key }));
    return refused();
  }
  // The importer reads <key>.json and its media from one folder, as content/ holds them.
  const stage = path.join(upload.dir, "stage");
  await fs.mkdir(stage);
  const staged = path.join(stage, `${key}.json`);
  await fs.copyFile(upload.content.path, staged);
  const parsed = json === undefined ? null : checkTestContent(json);
  if (parsed?.ok) await stageMedia(db, upload, stage, parsed.content, test.id, messages);

  return finish(db, test, file, messages, await checkFile(db, { file: staged, label: file, baseDir: stage }), { format: "json" });
}

/** Reads the upload for a test that has a content key, runs `work` on it, and removes it. */
async function withUpload<T>(ctx: DbContext, scope: Scope, testId: number, req: FastifyRequest, work: (test: TestRecord, upload: ContentUpload) => Promise<T>): Promise<T> {
  backOfficeScope(scope);
  const test = await findTest(ctx.db, testId);
  if (test.contentKey === null) throw contentError(422, "noContentKey");
  const upload = await readContentUpload(req);
  try {
    return await work(test, upload);
  } finally {
    await upload.cleanup();
  }
}

export function checkUpload(ctx: DbContext, scope: Scope, { id }: { id: number }, req: FastifyRequest): Promise<ContentReport> {
  return withUpload(ctx, scope, id, req, async (test, upload) => (await examine(ctx.db, test, upload)).report);
}

/** Checks the upload again and publishes it as the test's new version (unless it is unchanged). */
export function publishUpload(ctx: DbContext, scope: Scope, { id }: { id: number }, req: FastifyRequest) {
  return withUpload(ctx, scope, id, req, async (test, upload) => {
    const { report, checked } = await examine(ctx.db, test, upload);
    if (!checked) {
      // Bad input: the importer's messages as its issues (the check route answers them with their keys).
      const errors = report.messages.filter((m) => m.level === "error");
      throw new ValidationError(
        backofficeContentMessages.refused,
        errors.map((m) => ({ path: report.file, message: m.message })),
      );
    }
    const outcome = await storeFile(ctx.db, report.file, checked);
    if (outcome.status === "failed") throw contentError(400, "refused");
    const [{ number }] = await ctx.db
      .select({ number: count() })
      .from(testContentVersions)
      .where(and(eq(testContentVersions.testId, test.id), lte(testContentVersions.id, outcome.versionId)));
    if (outcome.status === "added") {
      await audit(ctx, {
        actor: scope,
        action: "backoffice.content.publish",
        targetType: "test",
        targetId: test.id,
        details: { versionId: outcome.versionId, version: number, contentKey: outcome.key, file: report.file, hash: checked.hash, media: checked.media.length },
      });
    }
    const added = outcome.status === "added";
    return {
      ...report,
      unchanged: !added,
      success: true,
      message: added ? backofficeContentMessages.published : backofficeContentMessages.unchanged,
      version: { id: outcome.versionId, number },
    };
  });
}
