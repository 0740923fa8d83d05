import { createHash } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import { nodesRead, rootOf, type CompleteNodes, type Hash, type Hasher } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { resultLogCheckpoints, resultLogNodes } from "../db/schema.js";

/** SHA-256 by node:crypto: the server hashes with OpenSSL, the browser with the contract's code. */
export const nodeSha256: Hasher = (data) => new Uint8Array(createHash("sha256").update(data).digest());

/** A complete node's row id: level·2^40 + index (2^40 leaves is far beyond any log we keep). */
export const nodeId = (level: number, index: number): number => level * 2 ** 40 + index;

/** The stored complete nodes `run` reads, fetched in one query, as a CompleteNodes for it. */
export async function storedNodes(db: Tx, run: (nodes: CompleteNodes) => unknown): Promise<CompleteNodes> {
  const wanted = nodesRead(run);
  const ids = wanted.map((n) => nodeId(n.level, n.index));
  const rows = ids.length ? await db.select().from(resultLogNodes).where(inArray(resultLogNodes.id, ids)) : [];
  const byId = new Map(rows.map((r) => [Number(r.id), new Uint8Array(r.hash)]));
  return {
    node(level, index) {
      const h = byId.get(nodeId(level, index));
      // A missing node is a damaged store, not a caller's mistake: verify-log names it.
      if (!h) throw new Error(`result log: node ${level}/${index} is missing`);
      return h;
    },
  };
}

/** Computes `run` over the stored tree (a root or a proof). */
export async function overStoredTree<T>(db: Tx, run: (nodes: CompleteNodes) => T): Promise<T> {
  return run(await storedNodes(db, run));
}

export async function latestCheckpoint(db: Tx) {
  const [row] = await db.select().from(resultLogCheckpoints).orderBy(desc(resultLogCheckpoints.treeSize)).limit(1);
  return row ?? null;
}

export async function checkpointOfSize(db: Tx, size: number) {
  const [row] = await db.select().from(resultLogCheckpoints).where(eq(resultLogCheckpoints.treeSize, size));
  return row ?? null;
}

/** Root of the stored tree at `size` (used by the sequencer right after appending). */
export const storedRoot = (db: Tx, size: number): Promise<Hash> => overStoredTree(db, (nodes) => rootOf(nodes, size, nodeSha256));

