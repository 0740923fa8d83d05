import { Role, SAVE_GRACE_SECONDS } from "@parlance/contract";
import type { SqlExecutor } from "../db/client.js";

/**
 * Autosaves as one statement, one round trip (issue 12). For each save of the batch (one save, or
 * the saves that arrived while the previous statement ran: save-batcher.ts): the session check
 * (unexpired, not idle, active user, the `tests` permission, an access-code session's profile still
 * its own), the attempt's ownership through that session, the row lock, state, content version and
 * deadline, the upsert of the answers where the incoming seq is newer, the running seconds, the
 * session's last-seen touch and the acknowledgement. A save is written only if all of its checks
 * pass; the caller turns each save's facts into the answers the rest of taking gives.
 *
 * Kept as SQL on the raw driver (drizzle for everything else): it is the hottest path of the
 * portal, and the benchmark runs this very text under pgbench as the database's own limit.
 *
 * Per save (arrays, one element each): $1 session id hash · $2 assigned test id · $3 content
 * version the answers were checked against (null: only read the facts) · $4 seconds taken.
 * Per answer: $5 its save's position (from 1) · $6 item id · $7 response · $8 seq.
 * $9 now · $10 the session idle limit in ms. A batch never holds two saves of one attempt.
 */
export const SAVE_STATEMENT = `
WITH request AS (
  SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[]) WITH ORDINALITY
           AS r (id_hash, assigned_test_id, version_id, seconds_taken, n)
),
session AS (
  SELECT r.n, s.user_id, s.method, s.candidate_id, s.assigned_test_id AS code_test_id,
         (s.method = 'access_code' OR ${Role.Candidate} = ANY (u.roles)) AS may_take_tests
    FROM request r
    JOIN sessions s ON s.id_hash = r.id_hash
    JOIN users u ON u.id = s.user_id AND u.is_active
   WHERE s.expires_at > $9::timestamptz
     AND s.last_seen_at >= $9::timestamptz - make_interval(secs => $10::int / 1000.0)
     AND (s.method <> 'access_code' OR EXISTS (
           SELECT 1 FROM candidates p WHERE p.id = s.candidate_id AND p.user_id = s.user_id AND p.deleted_at IS NULL))
),
held AS (
  SELECT r.n, t.id AS assigned_test_id
    FROM request r
    JOIN session s ON s.n = r.n
    JOIN assigned_tests t ON t.id = r.assigned_test_id
    JOIN candidates c ON c.id = t.candidate_id AND c.user_id = s.user_id AND c.deleted_at IS NULL
   WHERE s.may_take_tests AND (s.method <> 'access_code' OR (c.id = s.candidate_id AND (s.code_test_id IS NULL OR t.id = s.code_test_id)))
),
attempt AS (
  -- Saves and submits of one attempt take turns on this lock (the submit takes it too); a batch
  -- locks its attempts in id order, so two batches never wait on each other in a circle.
  SELECT h.n, ct.id, ct.state, ct.deadline_at, ct.content_version_id
    FROM held h JOIN candidate_tests ct ON ct.assigned_test_id = h.assigned_test_id
   ORDER BY ct.id
     FOR UPDATE OF ct
),
open AS (
  SELECT a.n, a.id, r.seconds_taken
    FROM attempt a JOIN request r ON r.n = a.n
   WHERE a.state = 'in_progress' AND a.content_version_id = r.version_id
     AND (a.deadline_at IS NULL OR $9::timestamptz <= a.deadline_at + make_interval(secs => ${SAVE_GRACE_SECONDS}))
),
written AS (
  INSERT INTO candidate_test_answers AS a (candidate_test_id, item_id, response, seq, saved_at)
  SELECT o.id, x.item_id, x.response, x.seq, $9::timestamptz
    FROM open o
    JOIN unnest($5::int[], $6::text[], $7::text[], $8::bigint[]) AS x (n, item_id, response, seq) ON x.n = o.n
  -- A repeat or an older save arriving late keeps the answer held; either way the row comes back
  -- with the seq now held, which is the acknowledgement.
  ON CONFLICT (candidate_test_id, item_id) DO UPDATE
     SET response = CASE WHEN a.seq < excluded.seq THEN excluded.response ELSE a.response END,
         saved_at = CASE WHEN a.seq < excluded.seq THEN excluded.saved_at ELSE a.saved_at END,
         seq = greatest(a.seq, excluded.seq)
  RETURNING candidate_test_id, item_id, seq
),
seconds AS (
  -- The browser's running time; a reordered (older) save never lowers it.
  UPDATE candidate_tests ct SET seconds_taken = o.seconds_taken
    FROM open o WHERE ct.id = o.id AND coalesce(ct.seconds_taken, 0) < o.seconds_taken
),
touched AS (
  -- Autosave keeps the session alive, as any request does (at most once a minute).
  UPDATE sessions s SET last_seen_at = $9::timestamptz
    FROM held h JOIN request r ON r.n = h.n
   WHERE s.id_hash = r.id_hash AND s.last_seen_at < $9::timestamptz - interval '1 minute'
)
SELECT se.may_take_tests, h.n IS NOT NULL AS held, a.state, a.deadline_at, a.content_version_id,
       (SELECT json_agg(json_build_object('id', w.item_id, 'seq', w.seq)) FROM written w WHERE w.candidate_test_id = a.id) AS saved
  FROM request r
  LEFT JOIN session se ON se.n = r.n
  LEFT JOIN held h ON h.n = r.n
  LEFT JOIN attempt a ON a.n = r.n
 ORDER BY r.n`;

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

export interface SaveRequest {
  sessionIdHash: string;
  assignedTestId: number;
  /** The content version the answers were checked against; null reads the facts only. */
  versionId: number | null;
  items: { id: string; response: string; seq: number }[];
  secondsTaken: number | null;
}

/** Runs the statement for a batch of saves (distinct attempts); answers each save's facts, in order. */
export async function runSaveStatement(sql: SqlExecutor, saves: SaveRequest[], now: Date, sessionIdleMs: number): Promise<SaveFacts[]> {
  const answers = saves.flatMap((s, i) => s.items.map((item) => ({ n: i + 1, ...item })));
  const { rows } = await sql.query<SaveFacts>(
    SAVE_STATEMENT,
    [
      saves.map((s) => s.sessionIdHash),
      saves.map((s) => s.assignedTestId),
      saves.map((s) => s.versionId),
      saves.map((s) => s.secondsTaken),
      answers.map((a) => a.n),
      answers.map((a) => a.id),
      answers.map((a) => a.response),
      answers.map((a) => a.seq),
      now.toISOString(),
      sessionIdleMs,
    ],
    { prepareAs: "taking_save_progress" },
  );
  return rows;
}
