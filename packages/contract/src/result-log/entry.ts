import canonicalize from "canonicalize";
import { z } from "zod";

/**
 * One entry of the result log (docs/verification.md "The result log"). An entry is this small
 * object written as canonical JSON (RFC 8785, `canonicalize`), and those UTF-8 bytes are the leaf
 * the tree hashes: the same object always gives the same bytes, whoever serialises it.
 *
 * It names no person: a log nobody can rewrite cannot forget either, so names and addresses stay
 * in the database (a credential names its holder; the log proves when its result was issued and
 * whether it changed). `at` is an ISO 8601 UTC time with milliseconds, stored exactly as hashed.
 */
export const RESULT_LOG_ENTRY_TYPES = [
  /** A result was issued: recorded with its verification key (results released). */
  "result.issued",
  /** An issued result's facts changed. */
  "result.changed",
  /** An issued result was revoked or cancelled: it no longer stands. */
  "result.revoked",
  /** An audit event that touches a result (a no-show recorded, the evaluator reassigned, a test administered). */
  "result.audit",
] as const;
export type ResultLogEntryType = (typeof RESULT_LOG_ENTRY_TYPES)[number];

/** The version of the entry object; a new field means a new version. */
export const RESULT_LOG_ENTRY_VERSION = 1;

export const resultLogEntry = z.strictObject({
  v: z.literal(RESULT_LOG_ENTRY_VERSION),
  type: z.enum(RESULT_LOG_ENTRY_TYPES),
  /** When it happened: `Date.toISOString()`, milliseconds and Z. */
  at: z.iso.datetime({ precision: 3 }),
  /** The result's verification key; null for an event of a result without one yet (a no-show). */
  key: z.string().nullable(),
  result: z.strictObject({
    /** The attempt (candidate_tests id) the result belongs to. */
    attempt: z.number().int(),
    /** The catalogue test and its language code. */
    test: z.number().int(),
    language: z.string(),
    /** scored | not_completed | could_not_score | no_show | revoked. */
    state: z.string(),
    /** The ALTA level when scored ("1" … "12+"), else null. */
    level: z.string().nullable(),
  }),
  /** result.audit and result.revoked: the audit log's action (e.g. `results.noshow`). */
  action: z.string().optional(),
});
export type ResultLogEntry = z.infer<typeof resultLogEntry>;

/** The canonical JSON text of an entry: what is stored and hashed. */
export function canonicalEntry(entry: ResultLogEntry): string {
  const text = canonicalize(resultLogEntry.parse(entry));
  if (text === undefined) throw new Error("result log entry: not serialisable");
  return text;
}

export const entryBytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The entry a stored text holds, when the text is exactly its canonical form; else null. */
export function parseCanonicalEntry(text: string): ResultLogEntry | null {
  try {
    const parsed = resultLogEntry.safeParse(JSON.parse(text));
    return parsed.success && canonicalize(parsed.data) === text ? parsed.data : null;
  } catch {
    return null;
  }
}
