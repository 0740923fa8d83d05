/**
 * A check of the load generator's pool (raw-client.ts) against what stalled the quiet runs of issue
 * 26: a Fastify server that closes connections unused for `headersTimeout` with its unasked 408.
 * The timeout is shortened to 1.5 s (checked every 0.2 s) so the check takes seconds, not minutes.
 * Connections opened and left unused past it, then connections used and left idle past it: every
 * request sent afterwards must be answered 200 within 5 s. Exits 1 otherwise (the pool before the
 * fix left every request after the 408s unanswered).
 *
 *   npx tsx bench/autosave/pool-check.ts
 */
import http from "node:http";
import Fastify from "fastify";
import { RawPool } from "./raw-client.js";

const SOCKETS = 64;
const app = Fastify({
  keepAliveTimeout: 100_000,
  serverFactory: (handler) => http.createServer({ connectionsCheckingInterval: 200 }, handler),
});
app.post("/save", async () => ({ saved: [] }));
app.get("/healthz", async () => ({ ok: true }));
await app.listen({ port: 0, host: "127.0.0.1" });
app.server.headersTimeout = 1_500;
const { port } = app.server.address() as { port: number };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function round(pool: RawPool, label: string): Promise<boolean> {
  await pause(2_500);
  const answers = await Promise.race([
    Promise.all(Array.from({ length: 200 }, () => pool.post("/save", "", "{}"))),
    pause(5_000).then(() => null),
  ]);
  const ok = answers !== null && answers.every((s) => s === 200);
  console.log(`${ok ? "ok  " : "FAIL"} ${label}: ${answers === null ? "requests not answered within 5 s" : `${answers.filter((s) => s === 200).length} of 200 answered 200`}`, pool.stats());
  return ok;
}

let ok = true;
try {
  // Connections opened and never used (as before the fix, warm() only opened them): the server's 408 closes them.
  const cold = new RawPool("127.0.0.1", port, SOCKETS);
  await cold.warm({ touch: false });
  ok = (await round(cold, "after unused connections were closed with a 408")) && ok;
  // warm(): every connection used once, then idle longer than headersTimeout: still open, still answering.
  const warm = new RawPool("127.0.0.1", port, SOCKETS);
  await warm.warm();
  ok = (await round(warm, "warmed connections idle past headersTimeout")) && ok;
  for (const pool of [cold, warm]) pool.destroy();
} finally {
  await app.close();
}
process.exit(ok ? 0 : 1);
