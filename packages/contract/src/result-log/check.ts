import { entryBytes, parseCanonicalEntry, type ResultLogEntry } from "./entry.js";
import { fromBase64, leafHash, verifyInclusion } from "./merkle.js";
import { parseVerifierKey, verifyCheckpoint, type Checkpoint, type VerifierKey } from "./note.js";
import type { ResultLogInclusion, ResultLogKeys } from "./routes.js";

/**
 * The log-inclusion check of a result, as the verify page and `npm run verify` run it: the
 * checkpoint's signature against the log's published keys, then each entry's inclusion proof
 * recomputed up to the checkpoint's root. Nothing here trusts the server's answer beyond the keys.
 */

export type InclusionFailure = "noKeys" | "checkpointMalformed" | "checkpointUnknownKey" | "checkpointBadSignature" | "checkpointWrongOrigin" | "entryMalformed" | "entryOtherKey" | "proofFails" | "noEntries";

export type InclusionCheck =
  | { ok: true; checkpoint: Checkpoint; key: VerifierKey; entries: { index: number; entry: ResultLogEntry }[] }
  | { ok: false; reason: InclusionFailure; index?: number };

export const trustedKeysOf = (published: ResultLogKeys): VerifierKey[] =>
  published.keys.map((k) => parseVerifierKey(k.verifierKey)).filter((k): k is VerifierKey => k !== null);

export async function checkInclusion(proof: ResultLogInclusion, keys: readonly VerifierKey[], origin?: string): Promise<InclusionCheck> {
  if (!keys.length) return { ok: false, reason: "noKeys" };
  const cp = await verifyCheckpoint(proof.checkpoint.note, keys, origin);
  if (!cp.ok) {
    const reason = ({ malformed: "checkpointMalformed", unknownKey: "checkpointUnknownKey", badSignature: "checkpointBadSignature", wrongOrigin: "checkpointWrongOrigin" } as const)[cp.reason];
    return { ok: false, reason };
  }
  if (!proof.entries.length) return { ok: false, reason: "noEntries" };
  const entries: { index: number; entry: ResultLogEntry }[] = [];
  for (const e of proof.entries) {
    const entry = parseCanonicalEntry(e.entry);
    if (!entry) return { ok: false, reason: "entryMalformed", index: e.index };
    if (entry.key !== proof.key) return { ok: false, reason: "entryOtherKey", index: e.index };
    let path: Uint8Array[];
    try {
      path = e.proof.map(fromBase64);
    } catch {
      return { ok: false, reason: "proofFails", index: e.index };
    }
    if (!verifyInclusion(e.index, cp.checkpoint.size, leafHash(entryBytes(e.entry)), path, cp.checkpoint.root)) return { ok: false, reason: "proofFails", index: e.index };
    entries.push({ index: e.index, entry });
  }
  return { ok: true, checkpoint: cp.checkpoint, key: cp.key, entries };
}
