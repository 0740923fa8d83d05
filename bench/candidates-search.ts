/**
 * Candidates at scale (issue 3, point 7): loads 1,000,000 candidates of one account with 1 to 3
 * assigned tests each (and attempts for the taken ones) into a scratch PostgreSQL database, starts
 * the real server on it as its own process, signs in as the account administrator, and prints:
 *
 * - p50 and p95 of POST /api/candidates/search for a name prefix, an email, an employee id and a
 *   three-keyword advanced query (one client, requests one after another, varied values), with
 *   the average count (exact up to 1,000 matches; above, the answer says "more than 1,000");
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
import pg from "pg";
import { downloadLine, measureDownload, openScaleWorld, percentile, timeRuns } from "./scale-data.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

async function main() {
  const world = await openScaleWorld("parlance_bench_candidates", "Candidates benchmark");
  const { url, server } = world;
  try {
    const base = server.url;
    const json = { origin: base, "content-type": "application/json" };
    const cookie = await world.signIn("admin@northwind.example");

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
      const body = (await res.json()) as { itemCount?: number; itemCountBounded?: boolean; message?: string };
      if (!res.ok) throw new Error(`${query}: ${res.status} ${body.message}`);
      if (body.itemCountBounded) bounded++;
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
    // Counts stop at 1,000 (candidates/count.ts): how many answers said "more than" that.
    let bounded = 0;
    for (const q of queries) {
      bounded = 0;
      const { times, average } = await timeRuns((i) => search(q.make(i)), REQUESTS, 5);
      const counted = bounded > 0 ? `${Math.round(average).toLocaleString("en-US")} counted on average, ${Math.round((100 * bounded) / (REQUESTS + 5))}% "more than 1,000"` : `${Math.round(average).toLocaleString("en-US")} matches on average`;
      console.log(
        `POST /api/candidates/search  ${q.name.padEnd(22)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95)
          .toFixed(1)
          .padStart(6)} ms   (e.g. "${q.make(0)}", ${counted})`,
      );
    }

    // The download: 100,000 candidates of one office, streamed.
    const d = await measureDownload(server, `/api/candidates/download?query=${encodeURIComponent("office:Seattle")}`, cookie);
    console.log(`\nGET /api/candidates/download office:Seattle: ${downloadLine(d)}`);
  } finally {
    await world.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
