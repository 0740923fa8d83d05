/**
 * Candidates at scale (issue 3, point 7): loads 1,000,000 candidates of one account with 1 to 3
 * assigned tests each (and attempts for the taken ones) into a scratch PostgreSQL database, starts
 * the real server on it as its own process, signs in as the account administrator, and prints:
 *
 * - p50 and p95 of POST /api/candidates/search for a name prefix, an email, an employee id and a
 *   three-keyword advanced query (one client, requests one after another, varied values);
 * - the time, size and the server's peak memory (RSS, sampled every 20 ms) of
 *   GET /api/candidates/download for 100,000 candidates (office:Seattle).
 *
 *   npm run bench:candidates
 *   DATABASE_URL=postgres://user@host:5432/db npm run bench:candidates
 *
 * Options: BENCH_CANDIDATES (default 1000000), BENCH_REQUESTS (requests per query, default 200),
 * BENCH_KEEP=1 keeps the loaded database and prints its URL; BENCH_DATABASE_URL=<that URL> runs
 * the measurements again on it without loading.
 */
import fs from "node:fs";
import pg from "pg";
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { startServer, type RunningServer } from "../e2e/support/server.js";

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SERVER_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/** Set-based load: generate_series, indexes dropped while loading and built afterwards. */
async function load(url: string): Promise<void> {
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
        `INSERT INTO assigned_tests (account_id, office_id, candidate_id, account_test_id, test_id, access_code, state, fee_cents,
                                     expires_at, created_at, assigned_by_user_id)
         SELECT c.account_id, c.office_id, c.id, ($1::int[])[1 + (c.id + k * 5) % cardinality($1::int[])],
                ($2::int[])[1 + (c.id + k * 5) % cardinality($2::int[])], 'BENCH-' || c.id || '-' || k,
                (ARRAY['taken', 'taken', 'taken', 'takeable', 'takeable', 'expired', 'needs_scheduling', 'taken', 'cancelled', 'takeable'])[1 + (c.id * 3 + k) % 10],
                2300, t.at + interval '30 days', t.at, $5
           FROM candidates c
           CROSS JOIN LATERAL generate_series(1, 1 + c.id % 3) AS k
           CROSS JOIN LATERAL (SELECT now() - (((c.id * 7 + k * 13) % 900) || ' days')::interval AS at) AS t
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
    await timed("VACUUM ANALYZE", () => client.query("VACUUM ANALYZE candidates, assigned_tests, candidate_tests, offices"));
    // Sequences follow the loaded ids (the rows were inserted through them, so nothing to do).
  } finally {
    await client.end();
  }
}

/** The server's resident memory, from /proc (Linux). */
function rssMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

async function main() {
  const reuse = process.env.BENCH_DATABASE_URL;
  const scratch = reuse ? undefined : await createScratchDatabase(SERVER_URL, "parlance_bench_candidates");
  const url = reuse ?? scratch!.url;
  let server: RunningServer | undefined;
  try {
    console.log(`Candidates benchmark on PostgreSQL (${reuse ? "reused database" : "scratch database"})\n`);
    // The server migrates the database and seeds the demo world on its first start.
    server = await startServer({ env: { NODE_ENV: "production", SEED_DEMO: "always", LOG_LEVEL: "warn", DATABASE_URL: url } });
    if (!reuse) {
      console.log("Loading:");
      await load(url);
      console.log("");
    }
    const base = server.url;
    const json = { origin: base, "content-type": "application/json" };
    const signIn = await fetch(`${base}/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email_address: "admin@northwind.example", password: "Parlance-demo-1" }),
    });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];

    // Real values to look for, taken from the loaded rows.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const sample = (
      await db.query(
        `SELECT email, employee_id, last_name FROM candidates TABLESAMPLE SYSTEM (1)
          WHERE employee_id LIKE 'E%' AND deleted_at IS NULL LIMIT $1`,
        [REQUESTS],
      )
    ).rows as { email: string; employee_id: string; last_name: string }[];
    const { total } = (await db.query("SELECT count(*)::int AS total FROM candidates WHERE deleted_at IS NULL")).rows[0] as { total: number };
    await db.end();
    console.log(`${total.toLocaleString("en-US")} candidates; ${REQUESTS} requests per query, one at a time\n`);

    const search = async (query: string) => {
      const res = await fetch(`${base}/api/candidates/search`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ query, page: 1 }) });
      const body = (await res.json()) as { itemCount?: number; message?: string };
      if (!res.ok) throw new Error(`${query}: ${res.status} ${body.message}`);
      return body.itemCount ?? 0;
    };
    const prefixes = ["smi", "gar", "ngu", "joh", "wan", "kim", "rod", "mar", "tho", "lee", "pat", "cha", "hal", "mor", "san"];
    const queries: { name: string; make: (i: number) => string }[] = [
      { name: "name prefix", make: (i) => prefixes[i % prefixes.length] },
      { name: "email", make: (i) => sample[i % sample.length].email },
      { name: "employee id", make: (i) => sample[i % sample.length].employee_id },
      {
        name: "advanced, 3 keywords",
        make: (i) => `last:${sample[i % sample.length].last_name.slice(0, 3).toLowerCase()} office:Boston method:online`,
      },
    ];
    for (const q of queries) {
      for (let i = 0; i < 5; i++) await search(q.make(i)); // warm-up
      const times: number[] = [];
      let matched = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        matched += await search(q.make(i));
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `POST /api/candidates/search  ${q.name.padEnd(22)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95)
          .toFixed(1)
          .padStart(6)} ms   (e.g. "${q.make(0)}", ${Math.round(matched / REQUESTS).toLocaleString("en-US")} matches on average)`,
      );
    }

    // The download: 100,000 candidates of one office, streamed.
    const pid = server.process.pid!;
    const before = rssMiB(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
    const start = performance.now();
    const res = await fetch(`${base}/api/candidates/download?query=${encodeURIComponent("office:Seattle")}`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const b of value) if (b === 10) lines++;
    }
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    console.log(
      `\nGET /api/candidates/download office:Seattle: ${res.status} ${res.headers.get("content-disposition")}, ${(lines - 1).toLocaleString("en-US")} rows, ` +
        `${(bytes / 1048576).toFixed(1)} MiB in ${seconds.toFixed(2)} s; server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB)`,
    );
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP === "1" && scratch) console.log(`\nKept the database: BENCH_DATABASE_URL=${scratch.url}`);
    else await scratch?.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
