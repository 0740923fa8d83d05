import { Role, SAVE_GRACE_SECONDS } from "@parlance/contract";
import type { SqlExecutor } from "../db/client.js";

/**
 * An autosave as one statement, one round trip (issue 12): the session check (unexpired, not idle,
 * active user, the `tests` permission, an access-code session's profile still its own), the
 * attempt's ownership through that session, the row lock, state, content version and deadline, the
 * upsert of the answers where the incoming seq is newer, the running seconds, the session's
 * last-seen touch and the acknowledgement. Nothing is written unless every check passes; the
 * caller turns the facts of the answer row into the same responses the rest of taking gives.
 *
 * Kept as SQL on the raw driver (drizzle for everything else): it is the hottest path of the
 * portal, and the benchmark runs this very text under pgbench as the database's own limit.
 *
 * $1 session id hash · $2 assigned test id · $3 now · $4 content version the answers were checked
 * against (null: only read the facts) · $5 item ids · $6 responses · $7 seqs · $8 seconds taken.
 */
export const SAVE_STATEMENT = `
WITH session AS (
  SELECT s.user_id, s.method, s.candidate_id,
         (s.method = 'access_code' OR ${Role.Candidate} = ANY (u.roles)) AS may_take_tests
    FROM sessions s
    JOIN users u ON u.id = s.user_id AND u.is_active
   WHERE s.id_hash = $1
     AND s.expires_at > $3::timestamptz
     AND s.last_seen_at >= $3::timestamptz - make_interval(secs => $9::int / 1000.0)
     AND (s.method <> 'access_code' OR EXISTS (
           SELECT 1 FROM candidates p WHERE p.id = s.candidate_id AND p.user_id = s.user_id AND p.deleted_at IS NULL))
),
held AS (
  SELECT t.id
    FROM session s
    JOIN assigned_tests t ON t.id = $2
    JOIN candidates c ON c.id = t.candidate_id AND c.user_id = s.user_id AND c.deleted_at IS NULL
   WHERE s.may_take_tests AND (s.method <> 'access_code' OR c.id = s.candidate_id)
),
attempt AS (
  -- Saves and submits of one attempt take turns on this lock (the submit takes it too).
  SELECT ct.id, ct.state, ct.deadline_at, ct.content_version_id
    FROM candidate_tests ct
   WHERE ct.assigned_test_id = (SELECT id FROM held)
     FOR UPDATE
),
open AS (
  SELECT id FROM attempt
   WHERE state = 'in_progress' AND content_version_id = $4
     AND (deadline_at IS NULL OR $3::timestamptz <= deadline_at + make_interval(secs => ${SAVE_GRACE_SECONDS}))
),
written AS (
  INSERT INTO candidate_test_answers AS a (candidate_test_id, item_id, response, seq, saved_at)
  SELECT open.id, x.item_id, x.response, x.seq, $3::timestamptz
    FROM open, unnest($5::text[], $6::text[], $7::bigint[]) AS x (item_id, response, seq)
  -- A repeat or an older save arriving late keeps the answer held; either way the row comes back
  -- with the seq now held, which is the acknowledgement.
  ON CONFLICT (candidate_test_id, item_id) DO UPDATE
     SET response = CASE WHEN a.seq < excluded.seq THEN excluded.response ELSE a.response END,
         saved_at = CASE WHEN a.seq < excluded.seq THEN excluded.saved_at ELSE a.saved_at END,
         seq = greatest(a.seq, excluded.seq)
  RETURNING item_id, seq
),
seconds AS (
  -- The browser's running time; a reordered (older) save never lowers it.
  UPDATE candidate_tests ct SET seconds_taken = $8
    FROM open WHERE ct.id = open.id AND coalesce(ct.seconds_taken, 0) < $8
),
touched AS (
  -- Autosave keeps the session alive, as any request does (at most once a minute).
  UPDATE sessions SET last_seen_at = $3::timestamptz
   WHERE id_hash = $1 AND EXISTS (SELECT 1 FROM held) AND last_seen_at < $3::timestamptz - interval '1 minute'
)
SELECT (SELECT may_take_tests FROM session) AS may_take_tests,
       EXISTS (SELECT 1 FROM held) AS held,
       attempt.state, attempt.deadline_at, attempt.content_version_id,
       (SELECT json_agg(json_build_object('id', item_id, 'seq', seq)) FROM written) AS saved
  FROM (SELECT 1) AS one LEFT JOIN attempt ON true`;

export interface SaveFacts {
  /** Null: no valid session behind the cookie (401); false: the session may not take tests (403). */
  may_take_tests: boolean | null;
  /** The assigned test is one of the session's own profiles' (else 404, like a missing one). */
  held: boolean;
  /** The attempt, when started: null state means not started. */
  state: string | null;
  deadline_at: Date | string | null;
  content_version_id: number | null;
  /** The acknowledgement: each written item with the seq now held; null when nothing was written. */
  saved: { id: string; seq: number }[] | null;
}

export interface SaveArgs {
  sessionIdHash: string;
  assignedTestId: number;
  now: Date;
  /** The content version the answers were checked against; null reads the facts only. */
  versionId: number | null;
  items: { id: string; response: string; seq: number }[];
  secondsTaken: number | null;
  sessionIdleMs: number;
}

export async function runSaveStatement(sql: SqlExecutor, a: SaveArgs): Promise<SaveFacts> {
  const { rows } = await sql.query<SaveFacts>(SAVE_STATEMENT, [
    a.sessionIdHash,
    a.assignedTestId,
    a.now.toISOString(),
    a.versionId,
    a.items.map((i) => i.id),
    a.items.map((i) => i.response),
    a.items.map((i) => i.seq),
    a.secondsTaken,
    a.sessionIdleMs,
  ], { prepareAs: "taking_save_progress" });
  return rows[0];
}
