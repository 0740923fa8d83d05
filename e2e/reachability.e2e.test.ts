import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, expectAccessible } from "./support/browser";
import { useOwnServer } from "./support/own-server";

/**
 * Issue 23 §1: every demo role, signed in, reaches by clicking alone (header, account menu, the
 * phone drawer at 375 px, the Language Testing cards, the overview's quick links, the
 * administration and settings homes' cards, breadcrumbs back) every screen it may use, and is
 * offered none it may not. The lists below are written from the specs' roles (§6), not read from
 * the app's table. Links are found by address, so the same journey runs in en-US and zh-HANS.
 * On a server of its own: signing in with a language stores it on the demo user.
 */
const own = useOwnServer();

type Journey = { who: string; code?: true; offered: string[] };

const SERVICE_LINES = ["/training", "/translation", "/interpretation"];
const EVERYONE = ["/overview", "/news", "/contact", "/help/"];
const CLIENT = [...EVERYONE, "/testing", "/account/profile", "/account/invoices", "/testing/candidates", "/testing/candidates/tests", "/testing/groups", "/testing/candidates/outstanding_paper_tests"];
const SETTINGS = ["/testing/settings", "/testing/settings/users", "/testing/settings/packages", "/testing/settings/resultrecipients"];

const JOURNEYS: Journey[] = [
  { who: "admin@northwind.example", offered: [...CLIENT, ...SERVICE_LINES, "/account/payment_methods", ...SETTINGS, "/testing/settings/proctoring"] },
  { who: "user@northwind.example", offered: [...CLIENT, ...SERVICE_LINES, "/account/payment_methods"] },
  { who: "office.admin@northwind.example", offered: [...CLIENT, ...SERVICE_LINES, ...SETTINGS] },
  { who: "office.user@northwind.example", offered: [...CLIENT, ...SERVICE_LINES] },
  // A prepay account (testing only): the prepaid order instead of a card on file.
  { who: "admin@fabrikam.example", offered: [...CLIENT, "/testing/prepay", ...SETTINGS, "/testing/settings/proctoring"] },
  { who: "candidate@northwind.example", offered: [...EVERYONE, "/testing", "/account/profile", "/testing/tests"] },
  { who: "NW-DEMO-2026", code: true, offered: [...EVERYONE, "/testing", "/testing/tests"] },
  { who: "evaluator@parlance.example", offered: [...EVERYONE, "/testing", "/account/profile", "/account/availability", "/testing/evaluators/schedule", "/testing/results"] },
  { who: "proctor@parlance.example", offered: [...EVERYONE, "/testing", "/account/profile", "/account/availability", "/testing/evaluators/schedule", "/testing/proctor/tests"] },
  {
    who: "executive@parlance.example",
    offered: [...EVERYONE, "/testing", "/account/profile", "/testing/results", "/admin", "/admin/news", "/feature_flags", "/impersonate", "/admin/accounts", "/admin/staff", "/admin/evaluators", "/admin/tests"],
  },
  { who: "news@parlance.example", offered: [...EVERYONE, "/account/profile", "/admin", "/admin/news"] },
  {
    who: "admin@parlance.example",
    offered: [...EVERYONE, "/account/profile", "/dev/mailbox", "/dev/phone", "/admin", "/admin/news", "/session", "/admin/accounts", "/admin/staff", "/admin/evaluators", "/admin/tests"],
  },
];

/** The homes of cards: the page, and where its entries are. */
const HOMES = {
  testing: { page: "/testing", links: "main ul li a" },
  overview: { page: "/overview", links: "section[aria-labelledby='overview-quick-links'] a" },
  admin: { page: "/admin", links: "main ul li a" },
  settings: { page: "/testing/settings", links: "main ul[aria-label] li a" },
} as const;
type Home = keyof typeof HOMES;

const NOT_FOUND = { "en-US": "Page not found", "zh-HANS": "找不到页面" } as const;
type Language = keyof typeof NOT_FOUND;

const hrefs = async (page: Page, selector: string) => (await page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))).filter((h) => h.startsWith("/"));

/**
 * The entries of a list of cards or links once it has settled: a home's cards can arrive in more
 * than one render (those that depend on the account's data after the page's first paint), so the
 * list is read until two reads 400 ms apart agree.
 */
async function settledHrefs(page: Page, selector: string): Promise<string[]> {
  let last = await hrefs(page, selector);
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    await page.waitForTimeout(400);
    const now = await hrefs(page, selector);
    if (now.length > 0 && now.join() === last.join()) return now;
    last = now;
  }
  return last;
}

async function signIn(page: Page, journey: Journey) {
  await page.goto(journey.code ? "/login?use_code=1" : "/login");
  if (journey.code) {
    await page.locator("input[autocomplete='off']").fill(journey.who);
  } else {
    await page.locator("input[type='email']").fill(journey.who);
    await page.locator("input[type='email']").press("Enter");
    await page.locator("input[type='password']").fill(DEMO_PASSWORD);
  }
  await page.locator("main form button[type='submit']").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.locator("main h1").first().waitFor();
}

const heading = (page: Page) => page.locator("main h1").first().innerText({ timeout: 15_000 });

/** The account-level settings lists take an office administrator to the same list of their own office (settings/lists/ListLevel.tsx). */
const OFFICE_LEVEL_LIST = /^\/testing\/settings\/(users|packages|resultrecipients)$/;

/** Whether following `href` landed where it should: the address itself, or an office administrator's office-level list. */
function landsOn(href: string, pathname: string): boolean {
  if (pathname === href) return true;
  const list = OFFICE_LEVEL_LIST.exec(href)?.[1];
  return list !== undefined && new RegExp(`^/testing/settings/offices/\\d+/${list}$`).test(pathname);
}

/**
 * Clicks an entry and waits for its screen: the address, then a heading other than the last
 * screen's (React Router keeps the last screen up while the next one's chunk downloads), and not
 * the not-found page.
 */
async function follow(page: Page, language: Language, entry: string, href: string) {
  const before = await heading(page);
  await page.locator(entry).first().click();
  await page.waitForURL((url) => landsOn(href, url.pathname)).catch((e: Error) => {
    throw new Error(`${entry} did not lead to ${href} (at ${page.url()}): ${e.message}`);
  });
  await expect.poll(() => heading(page), { message: href, timeout: 15_000 }).not.toBe(before);
  expect(await heading(page), `${href} is a screen, not "not found"`).not.toBe(NOT_FOUND[language]);
}

/** Opens the account menu and reads its links. */
async function accountMenu(page: Page): Promise<string[]> {
  await page.locator("header button", { hasText: /^(Hello,|您好，)/ }).click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  return hrefs(page, "[role='menu'] a[role='menuitem']");
}

async function goHome(page: Page, language: Language, home: Home) {
  const target = HOMES[home].page;
  if (new URL(page.url()).pathname === target) return;
  // Back by a breadcrumb when the screen has one to the home, else by the header (the administration home: the overview's quick link).
  const crumb = `nav[aria-label] a[href='${target}']`;
  if (home !== "overview" && home !== "testing" && (await page.locator(crumb).count()) > 0) await follow(page, language, crumb, target);
  else if (home === "admin") {
    await goHome(page, language, "overview");
    await follow(page, language, `${HOMES.overview.links}[href='/admin']`, target);
  } else if (home === "settings") {
    await goHome(page, language, "testing");
    await follow(page, language, `${HOMES.testing.links}[href='/testing/settings']`, target);
  } else await follow(page, language, `header nav a[href='${target}']`, target);
}

/** One role's journey; `visit`: whether to open each offered screen (false for one already opened in this language). */
async function journey(page: Page, language: Language, j: Journey, visit: (href: string) => boolean) {
  await signIn(page, j);
  const where = new Map<string, string>();
  const note = (place: string, list: string[]) => list.forEach((h) => where.has(h) || where.set(h, place));

  note("header", await settledHrefs(page, "header nav a"));
  const account = await accountMenu(page);
  await expectAccessible(page, `${j.who}'s account menu`);
  await page.keyboard.press("Escape");
  note("account", account);
  // The homes of cards the role is offered, each opened by its entry.
  for (const home of ["overview", "testing", "admin", "settings"] as const) {
    if (home !== "overview" && !where.has(HOMES[home].page)) continue;
    await goHome(page, language, home);
    note(home, (await settledHrefs(page, HOMES[home].links)).filter((h) => h !== HOMES[home].page));
  }
  expect([...where.keys()].sort(), `${j.who} is offered`).toEqual([...new Set(j.offered)].sort());

  // Every offered screen, reached by a click on its entry.
  for (const [href, place] of where) {
    if (!visit(href) || new URL(page.url()).pathname === href) continue;
    if (place === "header") await follow(page, language, `header nav a[href='${href}']`, href);
    else if (place === "account") {
      await accountMenu(page);
      await follow(page, language, `[role='menu'] a[href='${href}']`, href);
    } else {
      await goHome(page, language, place as Home);
      await follow(page, language, `${HOMES[place as Home].links}[href='${href}']`, href);
    }
  }

  // The phone drawer offers the header's and the account menu's entries.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.locator("header button[aria-expanded]").first().click();
  const drawer = page.getByRole("dialog");
  await drawer.waitFor();
  const inDrawer = await hrefs(page, "[role='dialog'] nav a");
  expect([...new Set(inDrawer)].sort(), `${j.who}'s drawer`).toEqual([...new Set([...(await hrefs(page, "header nav a")), ...account])].sort());
  await expectAccessible(page, `${j.who}'s drawer at 375 px`);
  // Signing out from the drawer: the next role signs in on the same page.
  await drawer.locator("button[type='submit']").click();
  await page.waitForURL((url) => url.pathname === "/login" || url.pathname === "/");
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("every demo role reaches, by clicking, what it may use and is offered nothing else", () => {
  for (const language of ["en-US", "zh-HANS"] as const) {
    it(`in ${language}`, async () => {
      const context = await own.browser.newContext({ baseURL: own.server.url, viewport: { width: 1280, height: 900 }, locale: language, timezoneId: "America/New_York", reducedMotion: "reduce" });
      context.setDefaultTimeout(15_000);
      await context.addCookies([{ name: "parlance_lang", value: language, url: own.server.url }]);
      const page = await context.newPage();
      // In en-US each role opens every screen it is offered; in zh-HANS each role's offers are checked
      // the same way and each screen is opened once (the guard and the offers read the same row).
      const opened = new Set<string>();
      const visit = (href: string) => language === "en-US" || (!opened.has(href) && !!opened.add(href));
      for (const j of JOURNEYS) await journey(page, language, j, visit);
      await context.close();
    }, 240_000);
  }
});
