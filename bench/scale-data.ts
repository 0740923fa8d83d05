/**
 * The scale data shared by the benchmarks at a million candidates (bench/candidates-search.ts,
 * bench/history-search.ts): one account's 1,000,000 candidates (BENCH_CANDIDATES) over three
 * offices, 1 to 3 assigned tests each spread over 900 days, tests and states, and attempts for
 * the taken ones, loaded set-based into a scratch PostgreSQL database; plus the measuring helpers.
 */
import fs from "node:fs";
import pg from "pg";
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { startServer, type RunningServer } from "../e2e/support/server.js";
import { buildServerIfStale } from "../scripts/server-build.mjs";

export const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 1_000_000);
export const SERVER_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

const FIRST_NAMES = [
  "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth", "David", "Barbara",
  "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen", "Maria", "Jose", "Juan", "Carmen", "Luis",
  "Ana", "Carlos", "Rosa", "Jorge", "Lucia", "Wei", "Fang", "Li", "Min", "Jun", "Hui", "Xiao", "Ying", "Minh", "Linh", "Thanh",
  "Huong", "Tuan", "Mai", "Ahmed", "Fatima", "Omar", "Aisha", "Hassan", "Layla", "Yusuf", "Noor", "Priya", "Arjun", "Ananya",
  "Ravi", "Deepa", "Vikram", "Olga", "Ivan", "Natalia", "Dmitri", "Sofia", "Mateo", "Valentina", "Santiago", "Camila", "Diego",
  "Isabella", "Gabriel", "Emma", "Noah", "Olivia", "Liam", "Ava", "Ethan", "Mia", "Lucas", "Amelia", "Mason", "Harper", "Logan",
  "Evelyn", "Elijah", "Abigail", "Aiden", "Emily", "Jackson", "Ella", "Sebastian", "Grace", "Henry", "Chloe", "Samuel", "Zoe",
  "Daniel", "Nora", "Jacob", "Hannah", "Leo",
];
const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez",
  "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White",
  "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres",
  "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes", "Stewart", "Morris", "Morales",
  "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper", "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos",
  "Kim", "Cox", "Ward", "Richardson", "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz",
  "Hughes", "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez", "Wang", "Zhang",
  "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun", "Ma", "Zhu", "Hu", "Guo", "He", "Tran", "Le", "Pham",
  "Hoang", "Phan", "Vu", "Vo", "Dang", "Bui", "Do", "Ho", "Ngo", "Duong", "Ly", "Haddad", "Khalil", "Nasser", "Saleh", "Mansour",
  "Hamdan", "Aziz", "Rahman", "Hussein", "Farouk", "Sharma", "Singh", "Kumar", "Gupta", "Reddy", "Iyer", "Ivanov", "Petrov",
  "Smirnov", "Volkov", "Kowalski", "Novak", "Horvat", "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Muller",
  "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Dubois", "Moreau", "Laurent", "Simon", "Michel",
  "Okafor", "Adeyemi", "Mensah", "Owusu", "Kariuki", "Mwangi", "Tanaka", "Suzuki", "Takahashi", "Watanabe", "Ito", "Yamamoto",
  "Nakamura", "Kobayashi", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Han", "Oh", "Seo", "Shin", "Kwon",
];

const sqlList = (names: string[]) => `ARRAY[${names.map((n) => `'${n.replace(/'/g, "''")}'`).join(",")}]::text[]`;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Runs a query a few times to warm up, then times `requests` runs of it: sorted times and the average of what each returned (matches). */
export async function timeRuns(run: (i: number) => Promise<number>, requests: number, warmUp: number): Promise<{ times: number[]; average: number }> {
  for (let i = 0; i < warmUp; i++) await run(i);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    total += await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { times, average: total / requests };
}

export async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/** Set-based load: generate_series, indexes dropped while loading and built afterwards. */
export async function loadScaleData(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;
  try {
    const { account } = await one<{ account: number }>("SELECT id AS account FROM accounts WHERE name = 'Northwind Health'");
    const offices = (await client.query("SELECT id, name FROM offices WHERE account_id = $1 ORDER BY id", [account])).rows as { id: number; name: string }[];
    const office = (name: string) => offices.find((o) => o.name === name)!.id;
    const { roles } = await one<{ roles: number[] }>("SELECT array_agg(id ORDER BY position) AS roles FROM healthcare_roles");
    const { ats, tests } = await one<{ ats: number[]; tests: number[] }>(
      "SELECT array_agg(id ORDER BY id) AS ats, array_agg(test_id ORDER BY id) AS tests FROM account_tests WHERE account_id = $1",
      [account],
    );
    const { admin } = await one<{ admin: number }>("SELECT id AS admin FROM users WHERE email = 'admin@northwind.example'");

    // Loading without indexes and foreign-key triggers, then building them once, is far faster.
    await client.query("SET session_replication_role = replica").catch(() => undefined);
    await client.query("SET maintenance_work_mem = '512MB'");
    const indexes = (
      await client.query(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
          WHERE i.schemaname = 'public' AND i.tablename IN ('candidates', 'assigned_tests', 'candidate_tests')
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      )
    ).rows as { indexname: string; indexdef: string }[];
    for (const i of indexes) await client.query(`DROP INDEX "${i.indexname}"`);

    await timed(`${CANDIDATES.toLocaleString("en-US")} candidates`, () =>
      client.query(
        `INSERT INTO candidates (account_id, office_id, first_name, middle_name, last_name, employee_id, email, client_notes, adjustments,
                                 language_id, time_zone_id, health_care_role_id, health_care_specialty_id, created_at, updated_at)
         SELECT $1, CASE WHEN i % 10 = 0 THEN $2::int WHEN i % 10 <= 5 THEN $3::int ELSE $4::int END,
                f, CASE WHEN i % 7 = 0 THEN 'Lee' ELSE '' END, l, 'E' || lpad(i::text, 7, '0'),
                lower(f || '.' || l || '.' || i || '@example.com'),
                CASE WHEN i % 10 = 3 THEN 'Prefers morning appointments' WHEN i % 10 = 7 THEN 'Transferred from the night shift' ELSE '' END,
                i % 50 = 0, (ARRAY[140, 140, 140, 104, 106])[1 + i % 5], (ARRAY[23, 23, 22, 21, 20])[1 + i % 5],
                r, (SELECT s.id FROM healthcare_specialties s WHERE s.role_id = r ORDER BY s.id LIMIT 1),
                now() - ((i % 1500) || ' days')::interval, now() - ((i % 300) || ' days')::interval
           FROM generate_series(1, $5::int) AS i,
                LATERAL (SELECT (${sqlList(FIRST_NAMES)})[1 + (hashint4(i)::bigint & 2147483647) % ${FIRST_NAMES.length}] AS f,
                                (${sqlList(LAST_NAMES)})[1 + (hashint4(i + 7919)::bigint & 2147483647) % ${LAST_NAMES.length}] AS l,
                                ($6::int[])[1 + i % cardinality($6::int[])] AS r) AS names`,
        [account, office("Seattle"), office("Boston"), office("Chicago"), CANDIDATES, roles],
      ),
    );
    const { low, high } = await one<{ low: number; high: number }>(
      "SELECT min(id) AS low, max(id) AS high FROM candidates WHERE account_id = $1 AND employee_id LIKE 'E%'",
      [account],
    );
    await timed("assigned tests (1 to 3 a candidate)", () =>
      client.query(
        // Assigned at a hashed moment of the last 900 days (not a pattern of the candidate id,
        // which would tie a candidate's office, role or notes to how recent its tests are).
        // Triggers are off while loading: test_date and has_attempt are written here, as the
        // triggers of migration 0010 would (a taken test is started and received 2 days later).
        `INSERT INTO assigned_tests (account_id, office_id, candidate_id, account_test_id, test_id, access_code, state, fee_cents,
                                     expires_at, created_at, assigned_by_user_id, test_date, has_attempt)
         SELECT c.account_id, c.office_id, c.id, ($1::int[])[1 + (c.id + k * 5) % cardinality($1::int[])],
                ($2::int[])[1 + (c.id + k * 5) % cardinality($2::int[])], 'BENCH-' || c.id || '-' || k, s.state,
                2300, t.at + interval '30 days', t.at, $5,
                CASE WHEN s.state = 'taken' THEN t.at + interval '2 days' ELSE t.at END, s.state = 'taken'
           FROM candidates c
           CROSS JOIN LATERAL generate_series(1, 1 + c.id % 3) AS k
           CROSS JOIN LATERAL (SELECT now() - ((hashint4(c.id * 4 + k)::bigint & 2147483647) % 900) * interval '1 day'
                                            - ((hashint4(c.id * 4 + k + 7919)::bigint & 2147483647) % 86400) * interval '1 second' AS at) AS t
           CROSS JOIN LATERAL (SELECT (ARRAY['taken', 'taken', 'taken', 'takeable', 'takeable', 'expired', 'needs_scheduling', 'taken', 'cancelled', 'takeable'])[1 + (c.id * 3 + k) % 10] AS state) AS s
          WHERE c.id BETWEEN $3 AND $4`,
        [ats, tests, low, high, admin],
      ),
    );
    await timed("attempts of the taken tests", () =>
      client.query(
        `INSERT INTO candidate_tests (assigned_test_id, candidate_id, account_id, state, started_at, received_at, result_state, result_value, scored_at)
         SELECT a.id, a.candidate_id, a.account_id, 'received', a.created_at + interval '2 days', a.created_at + interval '2 days',
                'scored', (1 + a.id % 12)::text, a.created_at + interval '4 days'
           FROM assigned_tests a WHERE a.state = 'taken' AND a.access_code LIKE 'BENCH-%'`,
      ),
    );
    await client.query("SET session_replication_role = DEFAULT").catch(() => undefined);
    await timed(`${indexes.length} indexes rebuilt`, async () => {
      for (const i of indexes) await client.query(i.indexdef);
    });
    // Analyzed as production's autovacuum would have it: the history chooses its plans and counts by PostgreSQL's estimates.
    await timed("VACUUM ANALYZE", () => client.query("VACUUM ANALYZE candidates, assigned_tests, candidate_tests, offices"));
    // Sequences follow the loaded ids (the rows were inserted through them, so nothing to do).
  } finally {
    await client.end();
  }
}

/**
 * The server's resident memory, from /proc (Linux): the process and every process under it (in
 * production on PostgreSQL the server is a primary with one worker per core, WEB_CONCURRENCY,
 * and a worker answers the request).
 */
export function rssMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));
    return kb / 1024 + children.reduce((sum, child) => sum + (rssMiB(child) || 0), 0);
  } catch {
    return NaN;
  }
}

export interface ScaleWorld {
  url: string;
  server: RunningServer;
  /** The session cookie of an account user signed in with `signIn`. */
  signIn: (email: string) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * A database with the scale data and the real server (its own process) on it: a new scratch
 * database loaded now, or BENCH_DATABASE_URL as a previous run left it (BENCH_KEEP=1).
 */
export async function openScaleWorld(prefix: string, title: string): Promise<ScaleWorld> {
  const reuse = process.env.BENCH_DATABASE_URL;
  const scratch = reuse ? undefined : await createScratchDatabase(SERVER_URL, prefix);
  const url = reuse ?? scratch!.url;
  let server: RunningServer | undefined;
  const close = async () => {
    await server?.stop();
    if (process.env.BENCH_KEEP === "1" && scratch) console.log(`\nKept the database: BENCH_DATABASE_URL=${scratch.url}`);
    else await scratch?.drop();
  };
  try {
    console.log(`${title} on PostgreSQL (${reuse ? "reused database" : "scratch database"})\n`);
    // The server runs as built (packages/server/dist): rebuilt first when a source is newer, so a bench never measures old code.
    await buildServerIfStale();
    // The server migrates the database and seeds the demo world on its first start.
    server = await startServer({ env: { NODE_ENV: "production", SEED_DEMO: "always", LOG_LEVEL: "warn", DATABASE_URL: url } });
    if (!reuse) {
      console.log("Loading:");
      await loadScaleData(url);
      console.log("");
    }
  } catch (err) {
    await close();
    throw err;
  }
  const base = server.url;
  const signIn = async (email: string) => {
    const res = await fetch(`${base}/login`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ email_address: email, password: "Parlance-demo-1" }),
    });
    return (res.headers.get("set-cookie") ?? "").split(";")[0];
  };
  return { url, server, signIn, close };
}

/**
 * A streamed download read to its end (at most `readMiBPerSecond`, for a slow client) while the
 * server's RSS is sampled every 20 ms: the peak, and the RSS when each quarter of the file had
 * arrived (flat memory keeps these level).
 */
export async function measureDownload(server: RunningServer, path: string, cookie: string, opts: { readMiBPerSecond?: number } = {}) {
  const pid = server.process.pid!;
  const before = rssMiB(pid);
  let peak = before;
  let current = before;
  const sampler = setInterval(() => {
    current = rssMiB(pid);
    peak = Math.max(peak, current);
  }, 20);
  const start = performance.now();
  try {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    const byBytes: { bytes: number; rss: number }[] = [];
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const b of value) if (b === 10) lines++;
      byBytes.push({ bytes, rss: current });
      // A slow client: the server must wait for it rather than hold the rest of the file.
      if (opts.readMiBPerSecond) {
        const due = start + (bytes / 1048576 / opts.readMiBPerSecond) * 1000;
        if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
      }
    }
    const seconds = (performance.now() - start) / 1000;
    const quarters = [1, 2, 3, 4].map((q) => byBytes.find((s) => s.bytes >= (q * bytes) / 4)?.rss ?? NaN);
    return { status: res.status, disposition: res.headers.get("content-disposition"), bytes, lines, seconds, before, peak, quarters };
  } finally {
    clearInterval(sampler);
  }
}

/** One line of a download's figures. */
export const downloadLine = (d: Awaited<ReturnType<typeof measureDownload>>, rows = d.lines - 1) =>
  `${d.status} ${d.disposition}, ${rows.toLocaleString("en-US")} rows, ${(d.bytes / 1048576).toFixed(1)} MiB in ${d.seconds.toFixed(2)} s; ` +
  `server RSS ${d.before.toFixed(0)} MiB before, peak ${d.peak.toFixed(0)} MiB (+${(d.peak - d.before).toFixed(0)} MiB)`;

/** The RSS as the file arrived, by quarter. */
export const rssByQuarter = (d: Awaited<ReturnType<typeof measureDownload>>) => `RSS at 25/50/75/100% of the file: ${d.quarters.map((q) => q.toFixed(0)).join(" / ")} MiB`;
