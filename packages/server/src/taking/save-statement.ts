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
 * $9 now · $10 the session idle limit in ms. Per journal event (issue 27): $11 its save's position ·
 * $12 seq · $13 item id · $14 response · $15 client time (ms) · $16 prev hash. A batch never holds
 * two saves of one attempt.
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
  SELECT h.n, ct.id, ct.state, ct.deadline_at, ct.content_version_id, ct.journal_head, ct.journal_seq
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
ev AS (
  -- The journal's events (issue 27), each hashed here by the format's rule (docs/delivery-file.md).
  SELECT o.id, x.seq, x.item_id, x.response, x.client_ms, x.prev,
         encode(sha256(convert_to(x.prev || E'\n' || x.seq::text || E'\n' || x.client_ms::text || E'\n' || x.item_id || E'\n' || x.response, 'UTF8')), 'hex') AS hash
    FROM open o
    JOIN unnest($11::int[], $12::bigint[], $13::text[], $14::text[], $15::bigint[], $16::text[]) AS x (n, seq, item_id, response, client_ms, prev) ON x.n = o.n
),
logged AS (
  -- Every event is kept once, whatever its place in the chain: a repeat changes nothing.
  INSERT INTO candidate_test_events (candidate_test_id, seq, item_id, response, client_ms, prev, hash, source, received_at)
  SELECT id, seq, item_id, response, client_ms, prev, hash, 'online', $9::timestamptz FROM ev
  ON CONFLICT (candidate_test_id, seq) DO NOTHING
),
fresh AS (
  -- The events past the acknowledged head, each beside the hash of the one before it in this save.
  SELECT e.id, e.seq, e.hash, e.prev, a.journal_head, lag(e.hash) OVER (PARTITION BY e.id ORDER BY e.seq) AS before
    FROM ev e JOIN attempt a ON a.id = e.id
   WHERE a.journal_head IS NOT NULL AND e.seq > a.journal_seq
),
heads AS (
  -- The head moves to the newest event only when the save continues the chain without a gap.
  SELECT DISTINCT ON (f.id) f.id, f.hash, f.seq
    FROM fresh f
   WHERE NOT EXISTS (SELECT 1 FROM fresh g WHERE g.id = f.id AND g.prev <> coalesce(g.before, g.journal_head))
   ORDER BY f.id, f.seq DESC
),
progress AS (
  -- The browser's running time (a reordered, older save never lowers it) and the chain head, in one update of the row.
  UPDATE candidate_tests ct
     SET seconds_taken = CASE WHEN coalesce(ct.seconds_taken, 0) < o.seconds_taken THEN o.seconds_taken ELSE ct.seconds_taken END,
         journal_head = coalesce(h.hash, ct.journal_head),
         journal_seq = coalesce(h.seq, ct.journal_seq)
    FROM open o LEFT JOIN heads h ON h.id = o.id
   WHERE ct.id = o.id AND (coalesce(ct.seconds_taken, 0) < o.seconds_taken OR h.id IS NOT NULL)
  RETURNING ct.id, ct.journal_head
),
touched AS (
  -- Autosave keeps the session alive, as any request does (at most once a minute).
  UPDATE sessions s SET last_seen_at = $9::timestamptz
    FROM held h JOIN request r ON r.n = h.n
   WHERE s.id_hash = r.id_hash AND s.last_seen_at < $9::timestamptz - interval '1 minute'
)
SELECT se.may_take_tests, h.n IS NOT NULL AS held, a.state, a.deadline_at, a.content_version_id,
       (SELECT json_agg(json_build_object('id', w.item_id, 'seq', w.seq)) FROM written w WHERE w.candidate_test_id = a.id) AS saved,
       coalesce((SELECT p.journal_head FROM progress p WHERE p.id = a.id), a.journal_head) AS journal_head
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
  /** The journal's chain head now acknowledged (null: an attempt without a journal). */
  journal_head: string | null;
}

export interface SaveRequest {
  sessionIdHash: string;
  assignedTestId: number;
  /** The content version the answers were checked against; null reads the facts only. */
  versionId: number | null;
  items: { id: string; response: string; seq: number }[];
  secondsTaken: number | null;
  /** The journal's events of this save (checked against the content like the items). */
  events?: { seq: number; item: string; response: string; t: number; prev: string }[];
}

/** Runs the statement for a batch of saves (distinct attempts); answers each save's facts, in order. */
export async function runSaveStatement(sql: SqlExecutor, saves: SaveRequest[], now: Date, sessionIdleMs: number): Promise<SaveFacts[]> {
  const answers = saves.flatMap((s, i) => s.items.map((item) => ({ n: i + 1, ...item })));
  const events = saves.flatMap((s, i) => (s.events ?? []).map((e) => ({ n: i + 1, ...e })));
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
      events.map((e) => e.n),
      events.map((e) => e.seq),
      events.map((e) => e.item),
      events.map((e) => e.response),
      events.map((e) => e.t),
      events.map((e) => e.prev),
    ],
    { prepareAs: "taking_save_progress" },
  );
  return rows;
}
