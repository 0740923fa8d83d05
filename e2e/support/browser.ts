import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, expect, inject } from "vitest";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const DEMO_PASSWORD = "Parlance-demo-1";

/** The server of this file's worker (each worker has its own: e2e/support/global-setup.ts). */
export function baseURL(): string {
  const urls = inject("baseURLs");
  return urls[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % urls.length];
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/** Launches Chromium once for the calling test file and closes it afterwards. */
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

export async function newContext(browser: Browser, opts: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
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
  // Check the settled screen, not a loading state on its way there, and at rest: the pointer is
  // moved off whatever it last clicked, so a hover colour is not judged as the control's colour.
  await page.mouse.move(0, 0);
  await page.waitForLoadState("networkidle");
  // WCAG 2.2 A/AA as the outside check ran it, with label-in-name (2.5.3), which axe leaves off by default.
  // (options() replaces what withTags() set, so both go in one options object.)
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
      rules: { "label-content-name-mismatch": { enabled: true } },
    })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // Generated ids (#mantine-…) say little: each node's markup is shown too.
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).slice(0, 3).join(", ")}`);
  expect(summary, `accessibility of ${screen}`).toEqual([]);
}
