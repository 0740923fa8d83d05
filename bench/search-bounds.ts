/**
 * No request can stall the server: the worst searches the query language still accepts, timed
 * through the real server, and what they do to another user's request meanwhile, against that
 * request's own time on an idle server (the machine's limit, measured in the same run).
 *
 *   npm run bench:search-bounds                                                     # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:search-bounds  # PostgreSQL (a scratch database)
 *
 * Option: BENCH_SECONDS (default 5) for the held-behind measurement.
 */
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { startServer } from "../e2e/support/server.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, "parlance_bench") : undefined;
  const server = await startServer({ env: { SEED_DEMO: "always", LOG_LEVEL: "warn", ...(scratch ? { DATABASE_URL: scratch.url } : {}) } });
  const base = server.url;
  const json = { origin: base, "content-type": "application/json" };
  const signIn = async (email: string) => {
    const res = await fetch(`${base}/login`, { method: "POST", headers: json, body: JSON.stringify({ email_address: email, password: "Parlance-demo-1" }) });
    return (res.headers.get("set-cookie") ?? "").split(";")[0];
  };
  const admin = await signIn("admin@northwind.example");
  const candidate = await signIn("candidate@northwind.example");
  const timed = async (send: () => Promise<Response>) => {
    const t = performance.now();
    const res = await send();
    await res.arrayBuffer();
    return { ms: performance.now() - t, status: res.status };
  };
  const search = (query: string) => fetch(`${base}/api/candidates/search`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify({ query, page: 1 }) });
  const history = (query: string) => fetch(`${base}/api/test_history/search?page=1&query=${encodeURIComponent(query)}`, { headers: { cookie: admin } });
  const otherUser = () => fetch(`${base}/api/tests/list`, { headers: { cookie: candidate } });

  console.log(`Search bounds on ${scratch ? "PostgreSQL" : "embedded PGlite"} (demo world)\n`);
  // The limit: another user's request on an otherwise idle server.
  const idle: number[] = [];
  for (let i = 0; i < 50; i++) idle.push((await timed(otherUser)).ms);
  idle.sort((a, b) => a - b);
  console.log(`another user's /api/tests/list, idle server: p50 ${ms(pct(idle, 50))}, p99 ${ms(pct(idle, 99))}  (the limit)`);

  const letters = "abcdefghijklmnopqrstuvwxyz";
  const cases: [string, () => Promise<Response>][] = [
    ["249 one-letter terms (the review's query)", () => search(Array.from({ length: 249 }, (_, i) => letters[i % 26]).join(" "))],
    ["10 one-letter terms (most accepted)", () => search("a e i o u s t r n l")],
    ["10 terms, anywhere-matches", () => search('test:an notes:an a e i o u s t r')],
    ["history: 10 one-letter terms", () => history("a e i o u s t r n l")],
    ["history: start_date:0000-01-01", () => history("start_date:0000-01-01")],
  ];
  let worst = { name: "", fn: cases[1][1], ms: 0 };
  for (const [name, fn] of cases) {
    const runs: number[] = [];
    let status = 0;
    for (let i = 0; i < 10; i++) {
      const r = await timed(fn);
      runs.push(r.ms);
      status = r.status;
    }
    runs.sort((a, b) => a - b);
    console.log(`${name.padEnd(44)} status ${status}   p50 ${ms(pct(runs, 50))}   max ${ms(runs[runs.length - 1])}`);
    if (status === 200 && pct(runs, 50) > worst.ms) worst = { name, fn, ms: pct(runs, 50) };
  }

  // One user repeating the slowest accepted search while another user works.
  let stop = false;
  const hog = (async () => {
    while (!stop) await (await worst.fn()).arrayBuffer();
  })();
  const held: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) held.push((await timed(otherUser)).ms);
  stop = true;
  await hog;
  held.sort((a, b) => a - b);
  console.log(
    `\nanother user's /api/tests/list while one user repeats "${worst.name}": p50 ${ms(pct(held, 50))}, p99 ${ms(pct(held, 99))}, max ${ms(held[held.length - 1])}` +
      `  (${(pct(held, 99) / pct(idle, 99)).toFixed(1)}× the idle p99)`,
  );
  await server.stop();
  await scratch?.drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
