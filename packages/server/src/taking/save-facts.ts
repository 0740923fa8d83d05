import type { Db } from "../db/client.js";
import { forbidden, unauthorized } from "../http/errors.js";
import type { SessionKey } from "../http/statement-guard.js";
import { requireOpen, testNotFound } from "../attempts/index.js";
import type { SaveFacts } from "./save-statement.js";

/**
 * Reading the answer of the save statement, and the one thing a process remembers between saves:
 * which content version a session's attempt is pinned to (it never changes once started), so the
 * answers can be checked before the single statement that writes them. Remembered per session
 * only after that session's own statement proved the attempt is its own.
 */

// Per database handle, as content/read.ts: tests open several databases in one process.
const versionsByDb = new WeakMap<Db, Map<string, number>>();
const MAX_REMEMBERED = 200_000;

const keyOf = (session: SessionKey, assignedTestId: number) => `${session.idHash}:${assignedTestId}`;

export function knownVersion(db: Db, session: SessionKey, assignedTestId: number): number | undefined {
  return versionsByDb.get(db)?.get(keyOf(session, assignedTestId));
}

export function rememberVersion(db: Db, session: SessionKey, assignedTestId: number, versionId: number): void {
  let versions = versionsByDb.get(db);
  if (!versions) versionsByDb.set(db, (versions = new Map()));
  // Entries are a few dozen bytes; starting over now and then bounds the memory of a long-running process.
  if (versions.size >= MAX_REMEMBERED) versions.clear();
  versions.set(keyOf(session, assignedTestId), versionId);
}

export const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The guard's and the taking rules' answers from the statement's facts, in the same order and
 * words as everywhere else (401, 403, 404, then requireOpen's 409s); the pinned version when open.
 */
export function openVersion(facts: SaveFacts, now: Date): number {
  if (facts.may_take_tests === null) throw unauthorized();
  if (!facts.may_take_tests) throw forbidden();
  if (!facts.held) throw testNotFound();
  const attempt = facts.state === null ? null : { state: facts.state as never, contentVersionId: facts.content_version_id, deadlineAt: dateOf(facts.deadline_at) };
  requireOpen(attempt, now);
  return attempt.contentVersionId;
}
