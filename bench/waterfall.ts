/**
 * The requests before each first screen, counted (issue 26 §3: what LCP on a phone is made of):
 * for `/login`, `/testing/tests` and the test page in progress, cold (new context, cache off),
 * against the production server as bench/vitals.ts starts it. Each request is listed in order
 * with its round: 1 + the largest round of the requests that had finished before it started. On a
 * phone every round is at least one network round trip (150 ms on Slow 4G) before a byte arrives, so the
 * rounds before the largest paint are the floor of its LCP. To make the count independent of
 * this machine's load, the network is emulated with a long round trip (BENCH_RTT, 2,000 ms) and no
 * bandwidth limit: requests of one round start within a few hundred ms, the next round after
 * 2 s.
 *
 *   npm run bench:waterfall        # builds if stale; about a minute
 *
 * Prints per page: requests before LCP, their bytes on the wire (compressed as sent), the rounds,
 * then each request (round, type, path, bytes); the last line
 * `waterfall: <page> <n> requests in <r> rounds, …` for each page.
 */
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS } from "../e2e/support/chromium-args.js";
import { startServer } from "../e2e/support/server.js";
import { buildWebIfStale } from "../scripts/web-build.mjs";
import { buildServerIfStale } from "../scripts/server-build.mjs";
import { phoneContext } from "./vitals/measure.js";
import { ACCESS_CODE, signInByCode, startTheTest } from "./vitals/session.js";

const RTT = Number(process.env.BENCH_RTT ?? 2000);

interface Request {
  id: string;
  url: string;
  type: string;
  startWall: number;
  start: number;
  end?: number;
  bytes: number;
  status?: number;
  round?: number;
}

async function measure(browser: Browser, baseURL: string, path: string, cookies: { name: string; value: string }[]) {
  const context = await phoneContext(browser, cookies.map((c) => ({ ...c, url: baseURL })));
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: RTT, downloadThroughput: -1, uploadThroughput: -1 });
    const requests = new Map<string, Request>();
    cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string }; type?: string; timestamp: number; wallTime: number }) => {
      if (!requests.has(e.requestId)) requests.set(e.requestId, { id: e.requestId, url: e.request.url, type: e.type ?? "?", start: e.timestamp, startWall: e.wallTime, bytes: 0 });
    });
    cdp.on("Network.responseReceived", (e: { requestId: string; response: { status: number } }) => {
      const r = requests.get(e.requestId);
      if (r) r.status = e.response.status;
    });
    cdp.on("Network.loadingFinished", (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
    });
    await page.goto(baseURL + path, { waitUntil: "load", timeout: 120_000 });
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    await page.waitForTimeout(RTT);
    const lcp = await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
      const vitals = (window as unknown as { __vitals: { LCP?: number } }).__vitals;
      return { at: performance.timeOrigin + (vitals.LCP ?? NaN), lcp: vitals.LCP ?? NaN };
    });
    const all = [...requests.values()].sort((a, b) => a.start - b.start);
    for (const r of all) {
      const before = all.filter((q) => q !== r && q.end !== undefined && q.end <= r.start);
      r.round = 1 + Math.max(0, ...before.map((q) => q.round ?? 0));
    }
    // Requests started before the largest paint (wall clock: the page's timeOrigin + LCP).
    const t0 = all[0]!;
    const wallOf = (r: Request) => (t0.startWall + (r.start - t0.start)) * 1000;
    const beforeLcp = all.filter((r) => wallOf(r) < lcp.at && !r.url.startsWith("data:"));
    return { lcp: lcp.lcp, requests: beforeLcp, after: all.length - beforeLcp.length };
  } finally {
    await context.close();
  }
}

async function main() {
  buildWebIfStale();
  await buildServerIfStale();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const summary: string[] = [];
  try {
    const cookies = await signInByCode(server.url, ACCESS_CODE);
    const testPath = await startTheTest(browser, server.url, cookies);
    console.log(`Requests before the largest paint, cold, network round trip ${RTT} ms without a bandwidth limit, CPU unthrottled`);
    for (const [name, path, signedIn] of [
      ["/login", "/login", false],
      ["/testing/tests", "/testing/tests", true],
      ["test page in progress", testPath, true],
    ] as const) {
      const { lcp, requests, after } = await measure(browser, server.url, path, signedIn ? await signInByCode(server.url, ACCESS_CODE) : []);
      const rounds = Math.max(...requests.map((r) => r.round ?? 0));
      const bytes = requests.reduce((sum, r) => sum + r.bytes, 0);
      console.log(`\n${name}: ${requests.length} requests in ${rounds} rounds before LCP (${Math.round(lcp)} ms), ${(bytes / 1000).toFixed(1)} kB on the wire; ${after} more after it`);
      for (const r of requests) {
        const url = new URL(r.url);
        console.log(`  ${String(r.round).padStart(2)}  ${r.type.padEnd(10)} ${(url.pathname + url.search).slice(0, 70).padEnd(70)} ${(r.bytes / 1000).toFixed(1).padStart(6)} kB${r.status && r.status !== 200 ? `  ${r.status}` : ""}`);
      }
      summary.push(`${name} ${requests.length} requests in ${rounds} rounds, ${(bytes / 1000).toFixed(1)} kB`);
    }
    console.log(`\nwaterfall: ${summary.join("; ")}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
