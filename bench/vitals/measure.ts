/**
 * One cold page load on a cheap phone, measured by the web-vitals library inside the page: Slow 4G
 * and a 4× slower CPU through the DevTools protocol, a new browser context with the cache off.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";

/** DevTools' Slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (bytes per second). */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
export const CPU_SLOWDOWN = 4;

export interface Vitals {
  LCP?: number;
  INP?: number;
  FCP?: number;
  CLS?: number;
  TTFB?: number;
  /** Bytes on the wire (headers and bodies as received) from navigation until the page is settled. */
  bytes: number;
}

// The package's exports do not list its IIFE build: found beside its main file (dist/).
const webVitalsDist = path.dirname(createRequire(import.meta.url).resolve("web-vitals"));
const webVitalsIife = fs.readFileSync(path.join(webVitalsDist, "web-vitals.iife.js"), "utf8");

/**
 * Every metric with reportAllChanges, so each update is kept (the last one is the value); INP with
 * durationThreshold 16 (the smallest the Event Timing API allows) so that short interactions count
 * rather than being left out below the default 40 ms. The page is then made hidden (visibilitychange),
 * as web-vitals' own tests do, which makes the library report its final INP, CLS and LCP.
 */
const collector = `${webVitalsIife}
window.__vitals = {};
(() => {
  const keep = (metric) => { window.__vitals[metric.name] = metric.value; };
  const all = { reportAllChanges: true };
  webVitals.onLCP(keep, all);
  webVitals.onFCP(keep, all);
  webVitals.onCLS(keep, all);
  webVitals.onTTFB(keep, all);
  webVitals.onINP(keep, { reportAllChanges: true, durationThreshold: 16 });
})();`;

/** The phone: a small screen, touch, and what the e2e contexts set (locale, time zone). */
export async function phoneContext(browser: Browser, cookies: { name: string; value: string; url: string }[] = []): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
    timezoneId: "America/New_York",
    // bench:vitals' nginx has a self-signed certificate (BENCH_VITALS_VIA=nginx).
    ignoreHTTPSErrors: true,
  });
  context.setDefaultTimeout(60_000);
  if (cookies.length) await context.addCookies(cookies);
  await context.addInitScript(collector);
  return context;
}

/** Throttles the page (network and CPU) with the cache off, and counts the bytes it receives. */
async function throttle(context: BrowserContext, page: Page, phone: boolean): Promise<{ bytes: () => number }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (phone) {
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  }
  let bytes = 0;
  cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  return { bytes: () => bytes };
}

/** Waits until the network has been quiet for a while and no animation runs: the first screen is drawn. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/**
 * Opens `path` cold and throttled, waits for the first screen, then lets `interact` act as a person
 * would (real keyboard and clicks); reads the metrics after making the page hidden.
 */
export async function measurePage(
  browser: Browser,
  baseURL: string,
  path: string,
  interact: (page: Page) => Promise<void>,
  cookies: { name: string; value: string }[] = [],
  /** false: this machine's own network and CPU (the floor the phone's figures stand on). */
  phone = true,
): Promise<Vitals> {
  const context = await phoneContext(browser, cookies.map((c) => ({ ...c, url: baseURL })));
  try {
    const page = await context.newPage();
    const counter = await throttle(context, page, phone);
    await page.goto(baseURL + path, { waitUntil: "load" });
    await settled(page);
    const bytes = counter.bytes();
    await interact(page);
    // Event timing entries arrive after the next paint; then hidden, so web-vitals reports its final values.
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    const vitals = await page.evaluate(() => (window as unknown as { __vitals: Omit<Vitals, "bytes"> }).__vitals);
    return { ...vitals, bytes };
  } finally {
    await context.close();
  }
}
