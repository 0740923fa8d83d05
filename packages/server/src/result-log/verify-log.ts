import { asc } from "drizzle-orm";
import { entryBytes, leafHash, parseCanonicalEntry, rootOf, sameHash, parseCheckpointText, toBase64, treeOf, verifyNote, type Hash, type VerifierKey } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { resultLogCheckpoints, resultLogEntries, resultLogNodes } from "../db/schema.js";
import { nodeId, nodeSha256 } from "./tree-store.js";

/**
 * `npm run verify-log`: recomputes the tree from the entry rows and holds it against every stored
 * checkpoint (whose signature it checks with the log's keys). A row changed, deleted, inserted or
 * moved changes a leaf or the order of leaves, so the root of every checkpoint from that index on
 * no longer matches; the report names the first bad index. Stored node hashes are checked too
 * (they serve the proofs), and each row's lookup columns against its entry.
 */

export interface LogProblem {
  /** The first entry index the problem concerns (null: the log as a whole). */
  index: number | null;
  message: string;
}

export interface LogReport {
  entries: number;
  checkpoints: number;
  problems: LogProblem[];
}

export async function verifyResultLog(db: Db, keys: readonly VerifierKey[]): Promise<LogReport> {
  const problems: LogProblem[] = [];
  const rows = await db.select().from(resultLogEntries).orderBy(asc(resultLogEntries.idx));
  const leaves: Hash[] = [];
  for (const [i, row] of rows.entries()) {
    if (row.idx !== i) {
      problems.push({ index: i, message: row.idx > i ? `entry ${i} is missing (the next row is ${row.idx})` : `entry ${row.idx} appears twice` });
      break;
    }
    const entry = parseCanonicalEntry(row.entry);
    if (!entry) problems.push({ index: i, message: `entry ${i} is not a canonical result log entry` });
    else if (entry.type !== row.type || entry.key !== row.verificationKey || entry.result.attempt !== row.candidateTestId || entry.at !== row.at.toISOString()) {
      problems.push({ index: i, message: `entry ${i}: its columns (type, key, attempt, time) differ from the hashed entry` });
    }
    leaves.push(leafHash(entryBytes(row.entry), nodeSha256));
  }
  const tree = treeOf(leaves, nodeSha256);

  const checkpoints = await db.select().from(resultLogCheckpoints).orderBy(asc(resultLogCheckpoints.treeSize));
  let previous = 0;
  for (const cp of checkpoints) {
    const size = cp.treeSize;
    const signed = await verifyNote(cp.note, keys);
    const parsed = signed.ok ? parseCheckpointText(signed.text) : null;
    if (!signed.ok || !parsed) {
      problems.push({ index: previous, message: `checkpoint ${size}: ${signed.ok ? "not a checkpoint" : `signature ${signed.reason === "badSignature" ? "does not verify" : "is by no key of this log"}`}` });
    } else if (parsed.size !== size || !sameHash(parsed.root, cp.rootHash)) {
      problems.push({ index: previous, message: `checkpoint ${size}: its row differs from its signed note (size ${parsed.size}, root ${toBase64(parsed.root)})` });
    } else if (size > leaves.length) {
      problems.push({ index: leaves.length, message: `checkpoint ${size} covers entries ${leaves.length}…${size - 1}, which are missing` });
    } else if (!sameHash(rootOf(tree, size, nodeSha256), parsed.root)) {
      // Checkpoints are one per append: the entries between the previous size and this one changed.
      problems.push({ index: previous, message: `checkpoint ${size}: the entries do not give its root; first bad index ${previous}${size - 1 > previous ? ` (…${size - 1})` : ""}` });
    }
    previous = size;
  }
  const latest = checkpoints.at(-1)?.treeSize ?? 0;
  if (leaves.length > latest) problems.push({ index: latest, message: `entries ${latest}…${leaves.length - 1} are in no checkpoint` });

  // The stored subtrees the proofs are made of.
  const nodes = await db.select().from(resultLogNodes);
  const stored = new Map(nodes.map((n) => [Number(n.id), new Uint8Array(n.hash)]));
  // A bad leaf makes every node above it differ too: report those only where all leaves are good.
  const badBefore = [0];
  tree.levels[0].forEach((h, i) => {
    const s = stored.get(nodeId(0, i));
    badBefore.push(badBefore[i] + (s && sameHash(s, h) ? 0 : 1));
  });
  tree.levels.forEach((level, l) =>
    level.forEach((h, i) => {
      const [from, to] = [i * 2 ** l, (i + 1) * 2 ** l];
      if (l > 0 && badBefore[to] - badBefore[from] > 0) return;
      const s = stored.get(nodeId(l, i));
      if (!s || !sameHash(s, h)) problems.push({ index: from, message: `stored node ${l}/${i} ${s ? "differs from" : "is missing for"} the entries` });
    }),
  );
  // Keep the report readable: the first bad index first.
  problems.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
  return { entries: leaves.length, checkpoints: checkpoints.length, problems };
}
