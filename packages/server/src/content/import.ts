import path from "node:path";
import fs from "node:fs/promises";
import { count, desc, eq } from "drizzle-orm";
import { checkTestContent, mediaReferences, type TestContent } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { mediaFiles, testContentVersions, tests } from "../db/schema.js";
import { checkMedia, type MediaBytes, type MediaEntry } from "./media.js";
import { contentHash } from "./hash.js";
import { listSources, type ContentSource } from "./sources.js";

/**
 * The content importer: reads content files, checks them completely, and stores a new version of
 * a test's content only when it changed. No HTTP here; cli.ts and the demo seed call it.
 */

export type FileOutcome =
  | { label: string; status: "added"; key: string; versionId: number; versionCount: number }
  | { label: string; status: "unchanged"; key: string; versionId: number }
  | { label: string; status: "failed"; errors: string[] };

export interface ImportReport {
  files: FileOutcome[];
  /** Problems not tied to one content file (a path that does not exist, an empty directory). */
  errors: string[];
  ok: boolean;
}

/** A file that passed every check, ready to store. */
export interface CheckedFile {
  testId: number;
  content: TestContent;
  media: MediaEntry[];
  /** The media bytes, stored by SHA-256 (the media route serves them from the database). */
  files: MediaBytes[];
  hash: string;
}

type Catalogue = Pick<typeof tests.$inferSelect, "id" | "testType" | "timeLimitMinutes" | "method">;

async function findCatalogueTest(db: Db, key: string): Promise<Catalogue | undefined> {
  const [row] = await db
    .select({ id: tests.id, testType: tests.testType, timeLimitMinutes: tests.timeLimitMinutes, method: tests.method })
    .from(tests)
    .where(eq(tests.contentKey, key));
  return row;
}

/**
 * Every check of one file; all problems are collected so an author fixes them in one pass. Stores
 * nothing (the back office's upload checks with it before publishing: backoffice/content/).
 */
export async function checkFile(db: Db, source: ContentSource): Promise<{ ok: true; file: CheckedFile } | { ok: false; errors: string[] }> {
  let text: string;
  try {
    text = await fs.readFile(source.file, "utf8");
  } catch (err) {
    return { ok: false, errors: [`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [`is not valid JSON: ${(err as Error).message}`] };
  }
  const checked = checkTestContent(json);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const content = checked.content;

  const errors: string[] = [];
  // One file per test, named by its key: two files can never claim the same test by accident.
  const expectedName = `${content.key}.json`;
  if (path.basename(source.file) !== expectedName) errors.push(`The file name must be the test key: name it ${expectedName}.`);

  const { media, files, errors: mediaErrors } = await checkMedia(source.baseDir, mediaReferences(content), path.posix.dirname(source.label));
  errors.push(...mediaErrors);

  const test = await findCatalogueTest(db, content.key);
  if (!test) {
    errors.push(`No catalogue test has the content key '${content.key}' (set tests.content_key of the test this content belongs to).`);
  } else {
    // The catalogue's type and time limit are what lists and the prelude show: they must agree.
    if (test.testType !== content.test_type_short_name) {
      errors.push(`test_type_short_name is '${content.test_type_short_name}' but the catalogue test is of type '${test.testType}'.`);
    }
    const limit = content.time_limit_minutes ?? null;
    if (test.timeLimitMinutes !== limit) {
      const said = (m: number | null) => (m === null ? "no time limit" : `a time limit of ${m} minutes`);
      errors.push(`time_limit_minutes gives ${said(limit)} but the catalogue test has ${said(test.timeLimitMinutes)}.`);
    }
    // Going on by phone after the online sections only makes sense for a test taken online.
    if (content.continues_by_phone && test.method !== "online") {
      errors.push(`continues_by_phone is only for online tests, but the catalogue test is taken by ${test.method}.`);
    }
  }
  if (errors.length > 0 || !test) return { ok: false, errors };
  return { ok: true, file: { testId: test.id, content, media, files, hash: contentHash(content, media) } };
}

/** Stores a new version unless the newest one has the same hash. The test row is locked so two importers cannot both add it. */
export async function storeFile(db: Db, label: string, file: CheckedFile): Promise<FileOutcome> {
  // The bytes first, and even for an unchanged version: a database from before media were stored
  // gets them at its next import. A file already stored (same SHA-256) is left as it is.
  for (const f of file.files) {
    await db.insert(mediaFiles).values({ sha256: f.sha256, contentType: f.contentType, size: f.data.length, data: f.data }).onConflictDoNothing();
  }
  return db.transaction(async (tx) => {
    await tx.select({ id: tests.id }).from(tests).where(eq(tests.id, file.testId)).for("update");
    const [newest] = await tx
      .select({ id: testContentVersions.id, hash: testContentVersions.contentHash })
      .from(testContentVersions)
      .where(eq(testContentVersions.testId, file.testId))
      .orderBy(desc(testContentVersions.id))
      .limit(1);
    if (newest?.hash === file.hash) return { label, status: "unchanged", key: file.content.key, versionId: newest.id };
    const [row] = await tx
      .insert(testContentVersions)
      .values({ testId: file.testId, contentHash: file.hash, content: file.content, media: file.media })
      .returning({ id: testContentVersions.id });
    const [{ n }] = await tx.select({ n: count() }).from(testContentVersions).where(eq(testContentVersions.testId, file.testId));
    return { label, status: "added", key: file.content.key, versionId: row.id, versionCount: n };
  });
}

/** Imports every content file under `paths` (directories or files). A bad file stores nothing; the others are still imported. */
export async function importContent(db: Db, paths: string[], opts: { cwd?: string } = {}): Promise<ImportReport> {
  const { sources, errors } = await listSources(paths, opts.cwd);
  const files: FileOutcome[] = [];
  for (const source of sources) {
    const checked = await checkFile(db, source);
    files.push(checked.ok ? await storeFile(db, source.label, checked.file) : { label: source.label, status: "failed", errors: checked.errors });
  }
  return { files, errors, ok: errors.length === 0 && files.every((f) => f.status !== "failed") };
}

/** The report as lines: `content/<file>: <message>`, one per problem; failures first go to stderr in the CLI. */
export function reportLines(report: ImportReport): { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [...report.errors];
  for (const f of report.files) {
    if (f.status === "failed") err.push(...f.errors.map((e) => `${f.label}: ${e}`));
    else if (f.status === "added") out.push(`${f.label}: stored version ${f.versionCount} of ${f.key}.`);
    else out.push(`${f.label}: unchanged.`);
  }
  const n = (status: FileOutcome["status"]) => report.files.filter((f) => f.status === status).length;
  out.push(`${report.files.length} file(s): ${n("added")} new version(s), ${n("unchanged")} unchanged, ${n("failed")} refused.`);
  return { out, err };
}
