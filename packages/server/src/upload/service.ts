import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  uploadMessages,
  uploadOptions,
  type UploadConfirmation,
  type UploadKind,
  type UploadMessage,
  type UploadOptions,
  type UploadPreview,
  type UploadProgress,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import { candidateUploads } from "../db/schema.js";
import { clientScope, type ClientScope, type Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";
import { parseOrThrow } from "../http/validation.js";
import { checkRow, type CheckResult } from "./check.js";
import { loadLookups } from "./lookups.js";
import { fileKind, readCsv, readXlsx, rowsOf, type FileRow } from "./read-file.js";
import { importAssignments, importChanges } from "./import.js";
import { accountOf } from "../assignment/records.js";

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

const CHECK_CHUNK = 1_000;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Checks every row, a thousand at a time (progress between chunks, and other requests served). */
async function checkAll(ctx: Pick<AppContext, "db">, scope: ClientScope, kind: UploadKind, opts: UploadOptions, rows: FileRow[], progress: Progress): Promise<CheckResult> {
  const ids = kind === "changes" ? rows.map((r) => r.values.candidateId ?? "").filter((v) => /^\d{1,9}$/.test(v)).map(Number) : [];
  const lookups = await loadLookups(ctx.db, scope, rows.map((r) => r.values.emailAddress ?? ""), ids);
  const out: CheckResult = { valid: [], errors: [], warnings: [] };
  const seen = new Set<string>();
  for (let i = 0; i < rows.length; i += CHECK_CHUNK) {
    for (const row of rows.slice(i, i + CHECK_CHUNK)) checkRow(row, kind, opts, lookups, seen, out);
    progress({ phase: "checking", done: Math.min(i + CHECK_CHUNK, rows.length), total: rows.length });
    await yieldToEventLoop();
  }
  return out;
}

/**
 * The preview (spec §4 upload → preview): the file read (never evaluated), every row checked,
 * the rows kept under a fresh key for confirm. Nothing else is written.
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
  const cells = type === "xlsx" ? await readXlsx(file.buffer) : readCsv(file.buffer);
  const rows = rowsOf(cells);
  progress({ phase: "reading", done: file.buffer.length, total: file.buffer.length });
  if (kind === "upload") {
    if ((await accountOf(ctx.db, scope.accountId)).prepay) throw uploadError(422, "prepayAccount");
  }
  const checked = await checkAll(ctx, scope, kind, opts, rows, progress);
  const key = randomBytes(16).toString("hex");
  const stored: StoredOptions = { ...opts, isExcel: type === "xlsx" };
  await ctx.db.insert(candidateUploads).values({ key, accountId: scope.accountId, userId: scope.userId, kind, options: stored, rows: rows.map((r) => [r.row, r.values]) });
  return {
    kind,
    data: key,
    isExcel: type === "xlsx",
    templateType: opts.template_type,
    useMedicalSelection: opts.use_medical_selection,
    notifyCandidates: opts.notify_candidates,
    createGroup: opts.create_group,
    assignments: checked.valid.map((r) => r.preview),
    errors: checked.errors,
    warnings: checked.warnings,
    totalAssignments: checked.valid.reduce((n, r) => n + Math.max(1, r.planned.length), 0),
    totalRows: rows.length,
  };
}

/** The caller's own upload (another user's, or another account's, answers 404 like a missing one). */
async function ownUpload(db: AppContext["db"], scope: ClientScope, key: string, lock: boolean) {
  const query = db
    .select()
    .from(candidateUploads)
    .where(and(eq(candidateUploads.key, key), eq(candidateUploads.accountId, scope.accountId), eq(candidateUploads.userId, scope.userId)))
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
  const rows = (first.rows as [number, FileRow["values"]][]).map(([row, values]) => ({ row, values }));
  const checked = await checkAll(ctx, scope, first.kind, opts, rows, progress);
  if (checked.valid.length === 0) throw uploadError(422, "nothingToImport");
  const account = await accountOf(ctx.db, scope.accountId);
  if (first.kind === "upload" && account.prepay) throw uploadError(422, "prepayAccount");

  const result = await ctx.db.transaction(async (tx) => {
    const upload = await ownUpload(tx as unknown as AppContext["db"], scope, key, true);
    if (upload.status === "confirmed") throw uploadError(409, "alreadyConfirmed");
    const imported =
      first.kind === "changes" ? await importChanges(tx, scope, checked.valid, progress) : await importAssignments(ctx, tx, scope, account, opts, checked.valid, progress);
    const groupKey = opts.create_group && imported.assignedTestIds.length > 0 ? randomBytes(16).toString("hex") : null;
    const confirmation: UploadConfirmation = {
      kind: first.kind,
      data: key,
      assignments: imported.assignedTestIds.length,
      candidatesNotified: imported.candidatesNotified,
      candidatesCreated: imported.candidatesCreated,
      candidatesUpdated: imported.candidatesUpdated,
      errors: checked.errors,
      groupKey,
      size: first.kind === "changes" ? imported.candidatesUpdated : imported.assignedTestIds.length,
    };
    await tx
      .update(candidateUploads)
      .set({ status: "confirmed", confirmedAt: new Date(), result: confirmation, assignedTestIds: imported.assignedTestIds, groupKey, rows: sql`'[]'::jsonb` })
      .where(eq(candidateUploads.id, upload.id));
    return { confirmation, outboxIds: imported.outboxIds };
  });
  // One job hands the mails to the mail queue (a job each), so confirm does not wait for 10,000 sends.
  if (result.outboxIds.length > 0) await ctx.jobs.send(NOTIFY_JOB, { ids: result.outboxIds });
  return result.confirmation;
}

/** The assigned tests of a confirmed upload of the caller's, for the assignments download. */
export async function uploadAssignmentIds(ctx: Pick<AppContext, "db">, anyScope: Scope, key: string): Promise<number[]> {
  const scope = clientScope(anyScope);
  const upload = await ownUpload(ctx.db, scope, key, false);
  if (upload.status !== "confirmed") throw uploadError(404, "notFound");
  return upload.assignedTestIds ?? [];
}
