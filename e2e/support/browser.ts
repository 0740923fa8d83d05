import { chromium, type Browser, type BrowserContext, type Download, type Page } from "playwright-core";
import fs from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { CHROMIUM_ARGS } from "./chromium-args";

export { CHROMIUM_ARGS };

export const DEMO_PASSWORD = "Parlance-demo-1";

/** The server of this file's worker (each worker has its own: e2e/support/global-setup.ts). */
export function baseURL(): string {
  const urls = inject("baseURLs");
  return urls[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % urls.length];
}

/**
 * A Chromium for the calling test file: a connection to its worker's Chromium, launched once per
 * worker by e2e/support/global-setup.ts (a launch costs a second or two of both cores; a
 * connection a tenth of that). Its close() closes the contexts this file made and disconnects;
 * contexts never share cookies, storage or network conditions. A file that needs launch
 * arguments of its own (fake media) launches with chromium.launch itself.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoints = inject("browserEndpoints");
  if (endpoints?.length) return chromium.connect(endpoints[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % endpoints.length]);
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/** A download's content as text (download.path() is not there on a connected browser). */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Chromium for the calling test file (launchBrowser), closed after its tests. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is not running");
    return browser;
  };
}

/** A context on the worker's server, or on `opts.baseURL` (a file's own server: own-server.ts). */
export async function newContext(browser: Browser, opts: { width?: number; height?: number; baseURL?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: opts.baseURL ?? baseURL(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: "en-US",
    timezoneId: "America/New_York",
    // No fades: axe then checks dialogs as they are, not half-transparent mid-transition.
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Signs in through the /login screen as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: /continue/i }).click();
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** axe-core on the current screen: no serious or critical violations. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await seriousViolations(page), `accessibility of ${screen}`).toEqual([]);
}

/** The serious and critical axe violations of the current screen, one line each (rule id first). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Check the settled screen, not a loading state on its way there, and at rest: the pointer is
  // moved off whatever it last clicked, so a hover colour is not judged as the control's colour.
  await page.mouse.move(0, 0);
  await page.waitForLoadState("networkidle");
  const results = await runAxe(page);
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // Generated ids (#mantine-…) say little: each node's markup is shown too.
  return bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).slice(0, 3).join(", ")}`);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core in the page: loaded once per document (a client-side navigation keeps it), run on the
 * whole document for WCAG 2.2 A/AA with label-in-name (2.5.3), which axe leaves off by default.
 * Only violations are collected: passes and inapplicable rules are not worked out in detail.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== "undefined");
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
      rules: { "label-content-name-mismatch": { enabled: true } },
      resultTypes: ["violations"],
    }),
  );
}
