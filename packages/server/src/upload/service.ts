import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import {
  PREVIEW_PAGE_SIZE,
  uploadMessages,
  uploadOptions,
  type UploadConfirmation,
  type UploadKind,
  type UploadMessage,
  type UploadOptions,
  type PreviewAssignment,
  type PreviewList,
  type PreviewPage,
  type RowMessage,
  type UploadPreview,
  type UploadProgress,
  type UploadState,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import { candidateUploadRows, candidateUploads } from "../db/schema.js";
import { rowsOf } from "../db/rows.js";
import type { Tx } from "../db/tx.js";
import { clientScope, inAccount, ownRows, type ClientScope, type Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";
import { parseOrThrow } from "../http/validation.js";
import { checkRow, type CheckResult } from "./check.js";
import { loadLookups, lookupsFor, type Lookups } from "./lookups.js";
import { fileKind, readCsv, readXlsx, rowsOf as fileRowsOf, type FileRow } from "./read-file.js";
import { importAssignments, importChanges, type ImportResult, type Person } from "./import.js";
import { accountOf } from "../assignment/index.js";

export const NOTIFY_JOB = "upload.notify";
type Progress = (p: UploadProgress) => void;

export const uploadError = (status: number, name: UploadMessage) => new HttpError(status, uploadMessages[name], `upload.messages.${name}`);

/** The uploaded file and the options sent before it. */
export interface UploadedFile {
  filename: string;
  buffer: Buffer;
  fields: Record<string, string>;
}

interface StoredOptions extends UploadOptions {
  isExcel: boolean;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rows the preview checks and confirm reads, checks and imports at a time (the candidates their
 * emails name are read for each window: fewer, larger windows spare the candidates table scans).
 */
const CONFIRM_WINDOW = 5_000;
/** Rows of a window stored a statement. */
const STORE_CHUNK = 1_000;

/** The first page of a list, and how many it holds in all. */
class FirstPage<T> {
  items: T[] = [];
  total = 0;
  add(list: T[]): void {
    this.total += list.length;
    for (const x of list) if (this.items.length < PREVIEW_PAGE_SIZE) this.items.push(x);
  }
}

const personIds = (kind: UploadKind, rows: FileRow[]) => (kind === "changes" ? rows.map((r) => r.values.candidateId ?? "").filter((v) => /^\d{1,9}$/.test(v)).map(Number) : []);

/** Checks a chunk of rows (the people they name read for the chunk; `seen` spans the whole file). */
async function checkChunk(db: Tx, base: Lookups, kind: UploadKind, opts: UploadOptions, rows: FileRow[], seen: Set<string>): Promise<CheckResult> {
  const lookups = await lookupsFor(db, base, rows.map((r) => r.values.emailAddress ?? ""), personIds(kind, rows));
  const out: CheckResult = { valid: [], errors: [], warnings: [] };
  for (const row of rows) checkRow(row, kind, opts, lookups, seen, out);
  return out;
}

/** Lines in a file: the CSV's rows to expect, for the progress bar (a quoted line end counts too). */
function linesOf(buf: Buffer): number {
  let n = 0;
  for (let at = buf.indexOf(10); at >= 0; at = buf.indexOf(10, at + 1)) n++;
  return Math.max(1, n);
}

/**
 * The preview (spec §4 upload → preview): the file read (never evaluated) and every row checked a
 * window of 5,000 at a time, each stored (1,000 a statement) with what its check found (candidate_upload_rows) under a
 * fresh key for confirm and for the preview's pages; the answer holds the totals and the first page
 * of each list. Nothing else is written. Memory: the file, one window of rows and the first pages
 * (and a workbook's shared strings, packed: xlsx-stream.ts).
 */
export async function previewUpload(ctx: Pick<AppContext, "db">, anyScope: Scope, kind: UploadKind, file: UploadedFile, progress: Progress): Promise<UploadPreview> {
  const scope = clientScope(anyScope);
  const opts = parseOrThrow(uploadOptions, file.fields);
  if (kind === "changes") Object.assign(opts, { notify_candidates: false, create_group: false, use_medical_selection: false });
  if (kind === "upload" && opts.template_type === "medical" && !(opts.override_medical_upload && opts.medical_pricing_acknowledgement)) {
    throw uploadError(400, "medicalAcknowledgement");
  }
  const type = fileKind(file.filename, file.buffer);
  progress({ phase: "reading", done: 0, total: file.buffer.length });
  let expected: () => number;
  let cells: AsyncIterable<unknown[]>;
  if (type === "xlsx") {
    const sheet = await readXlsx(file.buffer);
    expected = () => sheet.expected;
    cells = sheet.rows;
  } else {
    cells = readCsv(file.buffer);
    const lines = linesOf(file.buffer);
    expected = () => lines;
  }
  const chunks = fileRowsOf(cells, CONFIRM_WINDOW);
  // The first chunk read before anything is written: a file without rows or header is refused as such.
  let next = await chunks.next();
  progress({ phase: "reading", done: file.buffer.length, total: file.buffer.length });
  if (kind === "upload") {
    if ((await accountOf(ctx.db, scope.accountId)).prepay) throw uploadError(422, "prepayAccount");
  }
  const base = await loadLookups(ctx.db, scope, [], []);
  const key = randomBytes(16).toString("hex");
  const stored: StoredOptions = { ...opts, isExcel: type === "xlsx" };
  const [upload] = await ctx.db.insert(candidateUploads).values({ key, accountId: scope.accountId, userId: scope.userId, kind, options: stored }).returning({ id: candidateUploads.id });
  const assignments = new FirstPage<PreviewAssignment>();
  const errors = new FirstPage<RowMessage>();
  const warnings = new FirstPage<RowMessage>();
  const seen = new Set<string>();
  let totalRows = 0;
  let totalAssignments = 0;
  try {
    while (!next.done) {
      const rows = next.value;
      const checked = await checkChunk(ctx.db, base, kind, opts, rows, seen);
      const byRow = new Map<number, { preview: PreviewAssignment | null; errors: RowMessage[]; warnings: RowMessage[] }>();
      for (const r of rows) byRow.set(r.row, { preview: null, errors: [], warnings: [] });
      for (const v of checked.valid) byRow.get(v.row)!.preview = v.preview;
      for (const e of checked.errors) byRow.get(e.row)!.errors.push(e);
      for (const w of checked.warnings) byRow.get(w.row)!.warnings.push(w);
      for (let at = 0; at < rows.length; at += STORE_CHUNK) {
        await ctx.db.insert(candidateUploadRows).values(
          rows.slice(at, at + STORE_CHUNK).map((r) => {
            const found = byRow.get(r.row)!;
            return {
              uploadId: upload!.id,
              row: r.row,
              values: r.values,
              preview: found.preview,
              errors: found.errors.length ? found.errors : null,
              warnings: found.warnings.length ? found.warnings : null,
            };
          }),
        );
      }
      assignments.add(checked.valid.map((r) => r.preview));
      errors.add(checked.errors);
      warnings.add(checked.warnings);
      totalAssignments += checked.valid.reduce((n, r) => n + Math.max(1, r.planned.length), 0);
      totalRows += rows.length;
      progress({ phase: "checking", done: totalRows, total: Math.max(totalRows, expected()) });
      await yieldToEventLoop();
      next = await chunks.next();
    }
  } catch (err) {
    await ctx.db.delete(candidateUploads).where(eq(candidateUploads.id, upload!.id));
    throw err;
  }
  progress({ phase: "checking", done: totalRows, total: totalRows });
  const preview: UploadPreview = {
    kind,
    data: key,
    isExcel: type === "xlsx",
    templateType: opts.template_type,
    useMedicalSelection: opts.use_medical_selection,
    notifyCandidates: opts.notify_candidates,
    createGroup: opts.create_group,
    assignments: assignments.items,
    errors: errors.items,
    warnings: warnings.items,
    totalAssignments,
    totalRows,
    totalValid: assignments.total,
    totalErrors: errors.total,
    totalWarnings: warnings.total,
  };
  // Kept with the upload, so the preview page shows it again after a reload (issue 23).
  await ctx.db.update(candidateUploads).set({ result: preview }).where(eq(candidateUploads.id, upload!.id));
  return preview;
}

/** The caller's upload by its key: the preview it answered, or its confirmation once imported. */
export async function uploadStateOf(ctx: Pick<AppContext, "db">, anyScope: Scope, key: string): Promise<UploadState> {
  const upload = await ownUpload(ctx.db, clientScope(anyScope), key, false);
  if (upload.status === "confirmed") return { preview: null, confirmation: upload.result as UploadConfirmation };
  // A preview still being read has no answer yet: as good as not there.
  if (!upload.result) throw uploadError(404, "notFound");
  return { preview: upload.result as UploadPreview, confirmation: null };
}

/** A page of a preview's assignments, errors or warnings, read back from its stored rows. */
export async function previewPageOf(ctx: Pick<AppContext, "db">, anyScope: Scope, key: string, list: PreviewList, page: number): Promise<PreviewPage> {
  const scope = clientScope(anyScope);
  const upload = await ownUpload(ctx.db, scope, key, false);
  if (upload.status !== "previewed") throw uploadError(404, "notFound");
  const offset = (page - 1) * PREVIEW_PAGE_SIZE;
  if (list === "assignments") {
    const [rows, [count]] = await Promise.all([
      rowsOf<{ preview: PreviewAssignment }>(
        ctx.db,
        sql`SELECT preview FROM candidate_upload_rows WHERE upload_id = ${upload.id} AND preview IS NOT NULL ORDER BY "row" LIMIT ${PREVIEW_PAGE_SIZE} OFFSET ${offset}`,
      ),
      rowsOf<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM candidate_upload_rows WHERE upload_id = ${upload.id} AND preview IS NOT NULL`),
    ]);
    return { list, page, total: count!.n, assignments: rows.map((r) => r.preview), messages: [] };
  }
  const column = sql.raw(list === "errors" ? "errors" : "warnings");
  const [rows, [count]] = await Promise.all([
    rowsOf<{ m: RowMessage }>(
      ctx.db,
      sql`SELECT e.m FROM candidate_upload_rows r CROSS JOIN LATERAL jsonb_array_elements(r.${column}) WITH ORDINALITY AS e(m, n) WHERE r.upload_id = ${upload.id} AND r.${column} IS NOT NULL ORDER BY r."row", e.n LIMIT ${PREVIEW_PAGE_SIZE} OFFSET ${offset}`,
    ),
    rowsOf<{ n: number }>(ctx.db, sql`SELECT coalesce(sum(jsonb_array_length(${column})), 0)::int AS n FROM candidate_upload_rows WHERE upload_id = ${upload.id} AND ${column} IS NOT NULL`),
  ]);
  return { list, page, total: count!.n, assignments: [], messages: rows.map((r) => r.m) };
}

/** The caller's own upload (another user's, or another account's, answers 404 like a missing one). */
async function ownUpload(db: AppContext["db"], scope: ClientScope, key: string, lock: boolean) {
  const query = db
    .select()
    .from(candidateUploads)
    .where(and(eq(candidateUploads.key, key), inAccount(scope, candidateUploads), ownRows(candidateUploads.userId, scope)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw uploadError(404, "notFound");
  return row;
}

/**
 * Confirm (spec §4 preview → complete): the kept rows are checked again against what the
 * account holds now, and the valid ones imported in ONE transaction (candidates, sign-ins,
 * batteries, access codes, assigned tests, notification mails, the upload marked imported); the
 * mails go out by jobs once it has committed.
 */
export async function confirmUpload(ctx: Pick<AppContext, "db" | "jobs" | "config">, anyScope: Scope, key: string, progress: Progress): Promise<UploadConfirmation> {
  const scope = clientScope(anyScope);
  const first = await ownUpload(ctx.db, scope, key, false);
  if (first.status === "confirmed") throw uploadError(409, "alreadyConfirmed");
  const opts = first.options as StoredOptions;
  const account = await accountOf(ctx.db, scope.accountId);
  if (first.kind === "upload" && account.prepay) throw uploadError(422, "prepayAccount");

  // The rows are read, checked again and imported a window at a time, all in the one transaction
  // (a window's check sees the people earlier windows created, as the same person).
  const result = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as AppContext["db"];
    const upload = await ownUpload(db, scope, key, true);
    if (upload.status === "confirmed") throw uploadError(409, "alreadyConfirmed");
    const [{ n: total }] = (await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM candidate_upload_rows WHERE upload_id = ${upload.id}`)) as [{ n: number }];
    const base = await loadLookups(tx, scope, [], []);
    const seen = new Set<string>();
    const person = new Map<string, Person>();
    const errors = new FirstPage<RowMessage>();
    const imported: ImportResult = { assignedTestIds: [], assignedRows: [], outboxIds: [], candidatesNotified: 0, candidatesCreated: 0, candidatesUpdated: 0 };
    let valid = 0;
    let done = 0;
    let after = 0;
    for (;;) {
      const window = await tx
        .select({ row: candidateUploadRows.row, values: candidateUploadRows.values })
        .from(candidateUploadRows)
        .where(and(eq(candidateUploadRows.uploadId, upload.id), gt(candidateUploadRows.row, after)))
        .orderBy(asc(candidateUploadRows.row))
        .limit(CONFIRM_WINDOW);
      if (window.length === 0) break;
      after = window.at(-1)!.row;
      const rows = window.map((r) => ({ row: r.row, values: r.values as FileRow["values"] }));
      progress({ phase: "checking", done, total });
      const checked = await checkChunk(tx, base, first.kind, opts, rows, seen);
      errors.add(checked.errors);
      if (checked.valid.length > 0) {
        const windowProgress: Progress = (p) => progress({ phase: "importing", done: done + Math.round((p.done / Math.max(1, p.total)) * rows.length), total });
        const part =
          first.kind === "changes"
            ? await importChanges(tx, scope, checked.valid, windowProgress, valid > 0)
            : await importAssignments(ctx, tx, scope, account, opts, checked.valid, windowProgress, person, valid > 0);
        for (const id of part.assignedTestIds) imported.assignedTestIds.push(id);
        for (const row of part.assignedRows) imported.assignedRows.push(row);
        for (const id of part.outboxIds) imported.outboxIds.push(id);
        imported.candidatesNotified += part.candidatesNotified;
        imported.candidatesCreated += part.candidatesCreated;
        imported.candidatesUpdated += part.candidatesUpdated;
        valid += checked.valid.length;
      }
      done += rows.length;
      progress({ phase: "importing", done, total });
    }
    if (valid === 0) throw uploadError(422, "nothingToImport");
    const groupKey = opts.create_group && imported.assignedTestIds.length > 0 ? randomBytes(16).toString("hex") : null;
    const confirmation: UploadConfirmation = {
      kind: first.kind,
      data: key,
      assignments: imported.assignedTestIds.length,
      candidatesNotified: imported.candidatesNotified,
      candidatesCreated: imported.candidatesCreated,
      candidatesUpdated: imported.candidatesUpdated,
      errors: errors.items,
      totalErrors: errors.total,
      groupKey,
      size: first.kind === "changes" ? imported.candidatesUpdated : imported.assignedTestIds.length,
    };
    await tx
      .update(candidateUploads)
      .set({ status: "confirmed", confirmedAt: new Date(), result: confirmation, assignedTestIds: imported.assignedTestIds, groupKey, rows: imported.assignedRows })
      .where(eq(candidateUploads.id, upload.id));
    await tx.delete(candidateUploadRows).where(eq(candidateUploadRows.uploadId, upload.id));
    return { confirmation, outboxIds: imported.outboxIds };
  });
  // One job hands the mails to the mail queue (a job each), so confirm does not wait for 10,000 sends.
  if (result.outboxIds.length > 0) await ctx.jobs.send(NOTIFY_JOB, { ids: result.outboxIds });
  return result.confirmation;
}

/** The assigned tests of a confirmed upload of the caller's, with the file's row of each, for the assignments download. */
export async function uploadAssignments(ctx: Pick<AppContext, "db">, anyScope: Scope, key: string): Promise<{ ids: number[]; rowOf: Map<number, number> }> {
  const scope = clientScope(anyScope);
  const upload = await ownUpload(ctx.db, scope, key, false);
  if (upload.status !== "confirmed") throw uploadError(404, "notFound");
  const ids = upload.assignedTestIds ?? [];
  // `rows` holds each test's row in the order of the ids (empty for uploads confirmed before it did).
  const rows = Array.isArray(upload.rows) ? (upload.rows as unknown[]) : [];
  const rowOf = new Map<number, number>();
  if (rows.length === ids.length) ids.forEach((id, i) => rowOf.set(id, Number(rows[i])));
  return { ids, rowOf };
}
