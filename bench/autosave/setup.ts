/**
 * The autosave benchmark's candidates: N candidates of Northwind with a started English Reading
 * attempt and a session each, written set-based straight into the database (PostgreSQL through
 * `pg`, or an embedded PGlite folder before its server starts). Candidate i's session secret is
 * `<prefix>-<i>` and the assigned test ids are consecutive, so pgbench can name them by i too.
 */
import { createHash, randomBytes } from "node:crypto";
import { Role } from "@parlance/contract";

/** What the setup needs of a database connection: pg.Client and PGlite both have it. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Answerable {
  id: string;
  kind: string;
  choices?: { id: string }[];
  max_length?: number;
}

export interface Candidates {
  /** Session secret of candidate i (1-based): `${secretPrefix}-${i}`. */
  secretPrefix: string;
  /** Assigned test of candidate i: firstAssignedTestId + i - 1. */
  firstAssignedTestId: number;
  count: number;
  versionId: number;
  items: Answerable[];
}

export const cookieOf = (c: Candidates, i: number) => `parlance_session=${c.secretPrefix}-${i}`;
export const assignedTestOf = (c: Candidates, i: number) => c.firstAssignedTestId + i - 1;

/** The demo's Northwind account, its first office and its English Reading test: where the benches put their candidates. */
export async function northwindReading(db: Queryable) {
  const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;
  const { account } = await one<{ account: number }>("SELECT id AS account FROM accounts WHERE name = 'Northwind Health'");
  const { office } = await one<{ office: number }>("SELECT min(id) AS office FROM offices WHERE account_id = $1", [account]);
  const { test, accountTest } = await one<{ test: number; accountTest: number }>(
    `SELECT t.id AS test, at.id AS "accountTest" FROM tests t JOIN account_tests at ON at.test_id = t.id AND at.account_id = $1
      WHERE t.description = 'English Reading Proficiency' LIMIT 1`,
    [account],
  );
  return { account, office, test, accountTest };
}

export async function createCandidates(db: Queryable, count: number): Promise<Candidates> {
  const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;
  const { account, office, test, accountTest } = await northwindReading(db);
  const { versionId, content } = await one<{ versionId: number; content: { sections: { items: Answerable[] }[] } }>(
    `SELECT id AS "versionId", content FROM test_content_versions WHERE test_id = $1 ORDER BY id DESC LIMIT 1`,
    [test],
  );
  const { admin } = await one<{ admin: number }>("SELECT id AS admin FROM users WHERE email = 'admin@northwind.example'");
  const items = content.sections.flatMap((s) => s.items).filter((i) => ["radio", "short_text", "sized_text", "textarea", "fixed_textarea"].includes(i.kind));

  const tag = randomBytes(3).toString("hex");
  const secretPrefix = `autosave-bench-${tag}`;
  await db.query("BEGIN");
  try {
    await db.query(
      `CREATE TEMP TABLE bench_people ON COMMIT DROP AS
         SELECT i, 'autosave.' || $1 || '.' || i || '@example.com' AS email FROM generate_series(1, $2::int) AS i`,
      [tag, count],
    );
    await db.query(
      `INSERT INTO users (email, first_name, last_name, roles, account_id, office_id)
       SELECT email, 'Bench', 'Candidate ' || i, $1::int[], NULL, NULL FROM bench_people ORDER BY i`,
      [[Role.Candidate, Role.User]],
    );
    // The stored session id is the SHA-256 of the cookie's secret (auth/tokens.ts).
    await db.query(
      `INSERT INTO sessions (id_hash, user_id, last_seen_at, expires_at)
       SELECT encode(sha256(convert_to($1 || '-' || p.i, 'UTF8')), 'hex'), u.id, now(), now() + interval '12 hours'
         FROM bench_people p JOIN users u ON u.email = p.email`,
      [secretPrefix],
    );
    await db.query(
      `INSERT INTO candidates (account_id, office_id, first_name, last_name, email, language_id, time_zone_id, user_id, created_at, updated_at)
       SELECT $1, $2, 'Bench', 'Candidate ' || p.i, p.email, 140, 23, u.id, now(), now() FROM bench_people p JOIN users u ON u.email = p.email`,
      [account, office],
    );
    // In candidate order, so that the ids are consecutive: pgbench computes candidate i's test.
    await db.query(
      `INSERT INTO assigned_tests (account_id, office_id, candidate_id, account_test_id, test_id, access_code, state, expires_at, created_at, assigned_by_user_id)
       SELECT c.account_id, c.office_id, c.id, $2, $3, 'AUTOSAVE-' || $4 || '-' || p.i, 'takeable', now() + interval '30 days', now(), $5
         FROM bench_people p JOIN candidates c ON c.email = p.email AND c.account_id = $1
        ORDER BY p.i`,
      [account, accountTest, test, tag, admin],
    );
    // Started attempts, as start_test leaves them: pinned content, a deadline an hour away.
    await db.query(
      `INSERT INTO candidate_tests (assigned_test_id, candidate_id, account_id, state, content_version_id, deadline_at, started_at, last_heartbeat_at)
       SELECT a.id, a.candidate_id, a.account_id, 'in_progress', $1, now() + interval '1 hour', now(), now()
         FROM assigned_tests a WHERE a.access_code LIKE 'AUTOSAVE-' || $2 || '-%'`,
      [versionId, tag],
    );
    await db.query("COMMIT");
  } catch (err) {
    await db.query("ROLLBACK");
    throw err;
  }
  const { first, last, n } = await one<{ first: number; last: number; n: number }>(
    `SELECT min(id) AS first, max(id) AS last, count(*)::int AS n FROM assigned_tests WHERE access_code LIKE 'AUTOSAVE-' || $1 || '-%'`,
    [tag],
  );
  const { firstCode } = await one<{ firstCode: string }>("SELECT access_code AS \"firstCode\" FROM assigned_tests WHERE id = $1", [first]);
  if (n !== count || last - first + 1 !== count || firstCode !== `AUTOSAVE-${tag}-1`) throw new Error("the assigned test ids are not consecutive in candidate order");
  // The server hashes the cookie in Node: the hash made in SQL must be the same.
  const hash = createHash("sha256").update(`${secretPrefix}-1`).digest("hex");
  if ((await db.query("SELECT 1 FROM sessions WHERE id_hash = $1", [hash])).rows.length !== 1) throw new Error("session hashes differ from the server's");
  await db.query("ANALYZE users, sessions, candidates, assigned_tests, candidate_tests, candidate_test_answers");
  return { secretPrefix, firstAssignedTestId: first, count, versionId, items };
}

const SENTENCES = [
  "The library will extend its opening hours during the exam period.",
  "Members can borrow up to six items at once, renewed online or at the desk.",
  "They were worried about money, so the family postponed the trip until spring.",
  "The author suggests that small daily habits matter more than rare large efforts.",
];

/** A valid answer to the item, varying with n: what a candidate would type or choose. */
export function answerFor(item: Answerable, n: number): string {
  if (item.kind === "radio" && item.choices?.length) return item.choices[n % item.choices.length].id;
  if (item.kind === "sized_text") return ["Travel guides", "Poetry", "Cookbooks"][n % 3].slice(0, item.max_length ?? 40);
  // Short text: one or two sentences, as the items ask; a text field holds at most 255 characters.
  return `${SENTENCES[n % SENTENCES.length]} ${SENTENCES[(n + 1) % SENTENCES.length]}`.slice(0, item.max_length ?? 255);
}
