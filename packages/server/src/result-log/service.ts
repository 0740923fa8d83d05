import { and, asc, eq, lt } from "drizzle-orm";
import {
  consistencyProof,
  inclusionProof,
  normalizeVerificationKey,
  parseCheckpointText,
  resultLogMessages,
  splitNote,
  toBase64,
  type ResultLogCheckpoint,
  type ResultLogConsistency,
  type ResultLogInclusion,
  type ResultLogKeys,
  type resultLogRoutes,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import type { InputOf } from "../http/implement-area.js";
import { HttpError } from "../http/errors.js";
import { resultLogCheckpoints, resultLogEntries } from "../db/schema.js";
import { logKeys } from "./keys.js";
import { checkpointOfSize, latestCheckpoint, nodeSha256, overStoredTree } from "./tree-store.js";

/**
 * The result log's public answers: checkpoints as signed, the keys, inclusion and consistency
 * proofs. Proofs are computed from the stored complete subtrees (one query each), so they stay
 * cheap at any size (docs/verification.md gives the figure at 100,000 entries).
 */

const fail = (status: number, name: keyof typeof resultLogMessages) => new HttpError(status, resultLogMessages[name], `resultLog.messages.${name}`);

type CheckpointRow = typeof resultLogCheckpoints.$inferSelect;

function checkpointOut(row: CheckpointRow): ResultLogCheckpoint {
  // The note is the record; the plain fields are read back from its text.
  const text = splitNote(row.note)?.text;
  const parsed = text ? parseCheckpointText(text) : null;
  if (!parsed) throw new Error(`result log: checkpoint ${row.treeSize} is not a checkpoint note`);
  return { origin: parsed.origin, treeSize: parsed.size, rootHash: toBase64(parsed.root), time: parsed.time, note: row.note };
}

async function requireCheckpoint(db: Db, size?: number): Promise<CheckpointRow> {
  const row = size === undefined ? await latestCheckpoint(db) : await checkpointOfSize(db, size);
  if (!row) throw fail(404, "noCheckpoint");
  return row;
}

export async function latest({ db }: Pick<AppContext, "db">): Promise<ResultLogCheckpoint> {
  return checkpointOut(await requireCheckpoint(db));
}

export async function checkpointAt({ db }: Pick<AppContext, "db">, size: number): Promise<ResultLogCheckpoint> {
  return checkpointOut(await requireCheckpoint(db, size));
}

export const publishedKeys = ({ config }: Pick<AppContext, "config">): ResultLogKeys => logKeys(config.resultLog).published;

/** A verification key's entries, each with its inclusion proof to the checkpoint (latest, or of `size`). */
export async function inclusion({ db }: Pick<AppContext, "db">, rawKey: string, input: InputOf<typeof resultLogRoutes.inclusion>): Promise<ResultLogInclusion> {
  const key = normalizeVerificationKey(rawKey);
  if (!key) throw fail(400, "badKey");
  const checkpoint = await requireCheckpoint(db, input.size);
  const size = checkpoint.treeSize;
  const rows = await db
    .select({ idx: resultLogEntries.idx, entry: resultLogEntries.entry })
    .from(resultLogEntries)
    .where(and(eq(resultLogEntries.verificationKey, key), lt(resultLogEntries.idx, size)))
    .orderBy(asc(resultLogEntries.idx))
    .limit(100);
  if (!rows.length) throw fail(404, "noEntries");
  const proofs = await overStoredTree(db, (nodes) => rows.map((r) => inclusionProof(nodes, r.idx, size, nodeSha256)));
  return {
    key,
    checkpoint: checkpointOut(checkpoint),
    entries: rows.map((r, i) => ({ index: r.idx, entry: r.entry, proof: proofs[i].map(toBase64) })),
  };
}

export async function consistency({ db }: Pick<AppContext, "db">, input: InputOf<typeof resultLogRoutes.consistency>): Promise<ResultLogConsistency> {
  if (input.from > input.to) throw fail(400, "badRange");
  const [from, to] = [await requireCheckpoint(db, input.from), await requireCheckpoint(db, input.to)];
  const proof = await overStoredTree(db, (nodes) => consistencyProof(nodes, from.treeSize, to.treeSize, nodeSha256));
  return { from: checkpointOut(from), to: checkpointOut(to), proof: proof.map(toBase64) };
}
