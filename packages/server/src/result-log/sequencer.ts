import { sql } from "drizzle-orm";
import { canonicalEntry, checkpointText, entryBytes, leafHash, nodeHash, rootOf, type CompleteNodes, type Hash, type ResultLogEntry } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { resultLogCheckpoints, resultLogEntries, resultLogNodes } from "../db/schema.js";
import type { ResultLogConfig } from "../config.js";
import { logKeys } from "./keys.js";
import { nodeId, nodeSha256, storedNodes } from "./tree-store.js";

/**
 * The one sequencer of the result log. Every append runs in the transaction of the change it
 * records and first takes a transaction-level advisory lock, so appends from any number of server
 * processes take turns and each sees the tail its predecessor committed: the next index is the
 * entry count so far, and the log never forks. (Not FOR UPDATE on the tail row: an empty table has
 * no row to lock.) The lock is held until the change commits, so the append goes last.
 *
 * After appending, the sequencer signs a checkpoint of the new size in the same transaction: a
 * checkpoint per append, one per tree size, all kept.
 */

/** The advisory lock key of the result log (any fixed number shared by every process). */
export const RESULT_LOG_LOCK_KEY = 7_246_174_228;

/** Takes the sequencer's lock for the rest of the transaction (taking it again in it is harmless). */
export async function lockResultLog(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RESULT_LOG_LOCK_KEY})`);
}

/** Appends entries in order; returns their indices and the new tree size. */
export async function appendToResultLog(db: Tx, config: ResultLogConfig, entries: readonly ResultLogEntry[]): Promise<{ indices: number[]; size: number }> {
  if (!entries.length) return { indices: [], size: -1 };
  // Always in a transaction: a savepoint inside the caller's (the lock stays until it commits), or one of its own.
  return db.transaction((tx) => append(tx, config, entries));
}

async function append(tx: Tx, config: ResultLogConfig, entries: readonly ResultLogEntry[]): Promise<{ indices: number[]; size: number }> {
  await lockResultLog(tx);
  const [{ start }] = await tx.select({ start: sql<number>`coalesce(max(${resultLogEntries.idx}) + 1, 0)`.mapWith(Number) }).from(resultLogEntries);
  const size = start + entries.length;

  // The right edge of the tree now: for each set bit l of the size, the complete node ending there.
  const known = new Map<number, Hash>();
  const frontier: CompleteNodes = await storedNodes(tx, (nodes) => {
    for (let l = 0; 2 ** l <= start; l++) if (Math.floor(start / 2 ** l) % 2 === 1) nodes.node(l, Math.floor(start / 2 ** l) - 1);
  });
  const node = (level: number, index: number): Hash => known.get(nodeId(level, index)) ?? frontier.node(level, index);
  const newNodes: { id: number; hash: Buffer }[] = [];
  const put = (level: number, index: number, hash: Hash) => {
    known.set(nodeId(level, index), hash);
    newNodes.push({ id: nodeId(level, index), hash: Buffer.from(hash) });
  };

  const rows = entries.map((entry, i) => {
    const text = canonicalEntry(entry);
    const idx = start + i;
    put(0, idx, leafHash(entryBytes(text), nodeSha256));
    // Each leaf completes the subtrees it closes: one at each level while its index is odd.
    for (let level = 0, index = idx; index % 2 === 1; level++, index = Math.floor(index / 2)) {
      put(level + 1, Math.floor(index / 2), nodeHash(node(level, index - 1), node(level, index), nodeSha256));
    }
    return { idx, entry: text, type: entry.type, verificationKey: entry.key, candidateTestId: entry.result.attempt, at: new Date(entry.at) };
  });
  await tx.insert(resultLogEntries).values(rows);
  await tx.insert(resultLogNodes).values(newNodes);

  const root = rootOf({ node }, size, nodeSha256);
  const keys = logKeys(config);
  const signedAt = new Date();
  const note = keys.signNote(checkpointText({ origin: keys.origin, size, root, time: signedAt.toISOString() }));
  await tx.insert(resultLogCheckpoints).values({ treeSize: size, rootHash: Buffer.from(root), signedAt, keyId: Buffer.from(keys.current.keyId).toString("hex"), note });
  return { indices: rows.map((r) => r.idx), size };
}
