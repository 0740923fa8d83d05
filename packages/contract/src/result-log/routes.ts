import { z } from "zod";
import { defineRoute } from "../route.js";

/**
 * The result log's public routes (docs/verification.md "The result log"): its signed checkpoints,
 * its keys, a result's inclusion proofs and the consistency proof between two checkpoints. All
 * public and stable: a verifier fetches them with no account, and keeps what it fetched.
 */

export const resultLogMessages = {
  noCheckpoint: "The result log has no checkpoint of that size.",
  badSize: "A tree size must be a whole number, 0 or more.",
  badRange: "The first checkpoint must not be larger than the second.",
  noEntries: "The result log has no entries for that key.",
  badKey: "That is not a verification key.",
} as const;

const treeSize = z.coerce.number({ error: resultLogMessages.badSize }).int(resultLogMessages.badSize).min(0, resultLogMessages.badSize).max(Number.MAX_SAFE_INTEGER, resultLogMessages.badSize);

/** A signed checkpoint: `note` is the C2SP signed note; the other fields repeat its text for reading. */
export const resultLogCheckpoint = z.object({
  origin: z.string(),
  treeSize: z.number().int(),
  /** base64, as in the note. */
  rootHash: z.string(),
  time: z.string(),
  note: z.string(),
});
export type ResultLogCheckpoint = z.infer<typeof resultLogCheckpoint>;

export const resultLogKeys = z.object({
  /** The origin line every checkpoint of this log starts with. */
  origin: z.string(),
  keys: z.array(
    z.object({
      /** The signed-note verifier key: name+keyid+base64(0x01 ‖ Ed25519 public key). */
      verifierKey: z.string(),
      name: z.string(),
      keyId: z.string(),
      /** The raw 32-byte Ed25519 public key, base64. */
      publicKey: z.string(),
      /** The key signing new checkpoints; older keys stay listed so old checkpoints still verify. */
      current: z.boolean(),
    }),
  ),
});
export type ResultLogKeys = z.infer<typeof resultLogKeys>;

export const resultLogInclusion = z.object({
  key: z.string(),
  checkpoint: resultLogCheckpoint,
  entries: z.array(
    z.object({
      index: z.number().int(),
      /** The entry's canonical JSON text: the bytes its leaf hashes. */
      entry: z.string(),
      /** RFC 9162 audit path to the checkpoint's root, base64 hashes. */
      proof: z.array(z.string()),
    }),
  ),
});
export type ResultLogInclusion = z.infer<typeof resultLogInclusion>;

export const resultLogConsistency = z.object({
  from: resultLogCheckpoint,
  to: resultLogCheckpoint,
  proof: z.array(z.string()),
});
export type ResultLogConsistency = z.infer<typeof resultLogConsistency>;

export const resultLogRoutes = {
  latest: defineRoute({
    method: "GET",
    path: "/api/result_log/checkpoint",
    input: z.object({}),
    output: resultLogCheckpoint,
    access: "public",
    failure: "resultLogFailure",
    summary: "The result log's latest signed checkpoint (C2SP checkpoint note: origin, tree size, root, time; Ed25519)",
  }),
  checkpoint: defineRoute({
    method: "GET",
    path: "/api/result_log/checkpoints/:size",
    params: z.object({ size: treeSize }),
    input: z.object({}),
    output: resultLogCheckpoint,
    access: "public",
    failure: "resultLogFailure",
    summary: "The signed checkpoint of the given tree size (every checkpoint is kept)",
  }),
  keys: defineRoute({
    method: "GET",
    path: "/api/result_log/keys",
    input: z.object({}),
    output: resultLogKeys,
    access: "public",
    failure: "resultLogFailure",
    summary: "The public keys that sign the result log's checkpoints, the current one and every earlier one",
  }),
  inclusion: defineRoute({
    method: "GET",
    path: "/api/result_log/proofs/:key",
    params: z.object({ key: z.string().max(200, resultLogMessages.badKey) }),
    input: z.object({ size: treeSize.optional() }),
    output: resultLogInclusion,
    access: "public",
    failure: "resultLogFailure",
    summary: "A verification key's log entries, each with its inclusion proof to the latest checkpoint (or the checkpoint of `size`)",
  }),
  consistency: defineRoute({
    method: "GET",
    path: "/api/result_log/consistency",
    input: z.object({ from: treeSize, to: treeSize }),
    output: resultLogConsistency,
    access: "public",
    failure: "resultLogFailure",
    summary: "The RFC 9162 consistency proof between the checkpoints of two tree sizes",
  }),
};
