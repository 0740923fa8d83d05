/**
 * Sealed delivery files (issue 27, docs/delivery-file.md):
 *  1. sealing and opening a journal of 2,000 events (a long essay typed key by key: each event the
 *     whole answer so far, one character longer), with the browser's own sealer (web sealFile.ts)
 *     and the server's checks (HPKE open + chain): time, the process's peak memory growth, file size;
 *  2. 1,000 files uploaded at once to a real server on PostgreSQL (a scratch database): each
 *     candidate's attempt started through start_test, a file of 20 events sealed for it, then all
 *     1,000 deliver_file requests sent together: total time, p50/p99, the server's peak RSS.
 *
 *   npm run bench:delivery
 *   BENCH_DELIVERY_FILES=200 DATABASE_URL=postgres://user@host:5432/db npm run bench:delivery
 */
import os from "node:os";
import pg from "pg";
import { genesisOf, eventHash, type JournalEvent } from "@parlance/contract";
import { sealJournal } from "../packages/web/src/features/taking/answers/sealFile.js";
import { hpkeSuite } from "../packages/server/src/attempts/delivery-keys.js";
import { checkChain } from "../packages/server/src/attempts/delivery-open.js";
import { chainOf, sealFile, type Setup } from "../packages/server/src/attempts/independent-sealer.js";
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { startServer } from "../e2e/support/server.js";
import { createCandidates, cookieOf, assignedTestOf } from "./autosave/setup.js";
import { percentile, rssMiB, SERVER_URL } from "./scale-data.js";

const EVENTS = 2_000;
const FILES = Number(process.env.BENCH_DELIVERY_FILES ?? 1_000);
const mib = (b: number) => (b / 1024 / 1024).toFixed(1);

async function sealAndOpen(): Promise<void> {
  const suite = hpkeSuite();
  const pair = await suite.kem.generateKeyPair();
  const publicKey = Buffer.from(await suite.kem.serializePublicKey(pair.publicKey)).toString("base64url");
  const attempt = 4242;
  const essay = "Public libraries that lend tools turn a street into a workshop. ".repeat(40);
  let prev = await genesisOf(attempt);
  const events: JournalEvent[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const e = { seq: 1_000_000 + i, item: "q8", response: essay.slice(0, i + 1), t: Date.now() + i * 150, prev };
    events.push(e);
    prev = await eventHash(e);
  }
  const setup = { attempt_id: attempt, candidate_id: 7, test_id: 2, code: "BENCH", key_id: "k-bench", public_key: publicKey, secret: Buffer.alloc(32, 1).toString("base64url"), genesis: "", head: "", head_seq: 0, deadline: null };
  global.gc?.();
  const base = process.memoryUsage();
  let peak = 0;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
  }, 5);
  const t0 = performance.now();
  const file = await sealJournal(setup, { events, head: prev }, true);
  const sealMs = performance.now() - t0;
  const sealPeak = peak;
  global.gc?.();
  peak = 0;
  const t1 = performance.now();
  const env = JSON.parse(file.text) as { enc: string; ciphertext: string };
  const aad = new TextEncoder().encode(`parlance-delivery-file/1\nkey=k-bench\nattempt=${attempt}\ncandidate=7\ntest=2`);
  const plain = await suite.open(
    { recipientKey: pair.privateKey, enc: new Uint8Array(Buffer.from(env.enc, "base64url")).buffer, info: new TextEncoder().encode("parlance-delivery-file/1").buffer },
    new Uint8Array(Buffer.from(env.ciphertext, "base64url")).buffer,
    aad.buffer,
  );
  const opened = await checkChain(attempt, JSON.parse(new TextDecoder().decode(plain)));
  const openMs = performance.now() - t1;
  clearInterval(sample);
  console.log(
    `seal ${EVENTS} events (essay typed key by key, final answer ${Math.min(EVENTS, essay.length)} chars): ${sealMs.toFixed(0)} ms, peak +${mib(sealPeak)} MiB; ` +
      `open + check chain: ${openMs.toFixed(0)} ms, peak +${mib(peak)} MiB (${opened.length} events); file ${mib(file.text.length)} MiB`,
  );
}

async function uploadAtOnce(): Promise<void> {
  const scratch = await createScratchDatabase(SERVER_URL, "parlance_bench_delivery");
  const server = await startServer({ env: { SEED_DEMO: "always", LOG_LEVEL: "warn", DATABASE_URL: scratch.url, DELIVERY_KEY_SECRET: Buffer.alloc(32, 9).toString("base64") } });
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const c = await createCandidates(client, FILES).finally(() => client.end());
    const origin = server.url;
    const post = (path: string, cookie: string, body: unknown) =>
      fetch(`${origin}${path}`, { method: "POST", headers: { cookie, origin, "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
    // Each attempt resumed through start_test (which gives it its journal), then a file of 20 events.
    const files: { i: number; file: string }[] = [];
    for (let i = 1; i <= FILES; i += 20) {
      const batch = Array.from({ length: Math.min(20, FILES - i + 1) }, (_, k) => i + k);
      await Promise.all(
        batch.map(async (n) => {
          const res = await post(`/api/test_content/start_test/${assignedTestOf(c, n)}`, cookieOf(c, n), {});
          const setup = ((await res.json()) as { journal: Setup }).journal;
          const changes = Array.from({ length: 20 }, (_, k) => ({ item: k % 2 ? "q8" : "q1", response: k % 2 ? `answer ${k}` : "b", seq: 1000 + k, t: Date.now() }));
          const { events, head } = await chainOf(setup.attempt_id, changes);
          files.push({ i: n, file: await sealFile(setup, events, head, { submitted: true }) });
        }),
      );
    }
    const pid = server.process.pid!;
    const rest = rssMiB(pid);
    let peak = rest;
    const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid) || 0)), 20);
    const times: number[] = [];
    const start = performance.now();
    const statuses = await Promise.all(
      files.map(async ({ i, file }) => {
        const t = performance.now();
        const res = await post(`/api/test_content/deliver_file/${assignedTestOf(c, i)}`, cookieOf(c, i), { file });
        await res.text();
        times.push(performance.now() - t);
        return res.status;
      }),
    );
    const total = performance.now() - start;
    clearInterval(timer);
    times.sort((a, b) => a - b);
    const ok = statuses.filter((s) => s === 200).length;
    console.log(
      `PostgreSQL, ${FILES} files (20 events each, submitted) uploaded at once: ${ok} accepted in ${(total / 1000).toFixed(1)} s ` +
        `(p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms); server RSS ${rest.toFixed(0)} → peak ${peak.toFixed(0)} MiB`,
    );
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} on ${os.availableParallelism()} cores (a shared machine)`);
await sealAndOpen();
if (FILES > 0) await uploadAtOnce();
console.log(`load average after ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
