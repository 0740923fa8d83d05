import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { startProxy, type TcpProxy } from "./tcp-proxy";
import { WebDriverError, WebKitSession, type ElementRef } from "./webkit";

/**
 * Firefox ESR and WebKitGTK for the tests that must hold beyond Chromium (issue 27: the sealed
 * answers file "in any browser"), behind one small interface, since neither is a Playwright build:
 * - Firefox: Debian's firefox-esr over WebDriver BiDi with puppeteer-core. (Playwright's own
 *   "moz-firefox" BiDi channel asks for emulation.setMediaFeaturesOverride on every new context,
 *   which Firefox 153 ESR answers "unknown command".) The network goes down with BiDi's offline
 *   emulation: navigator.onLine turns false and the page gets its offline and online events.
 * - WebKit: WebKitGTK's MiniBrowser over W3C WebDriver (webkit.ts). Classic WebDriver has no
 *   offline switch, so the page talks to the server through a TCP proxy that cuts and refuses
 *   connections while the network is "down": requests fail as on a dead uplink, but
 *   navigator.onLine stays true and no online event comes; the page's retry timer finds the way back.
 * Elements are found in the page by role and accessible name (a small finder, FIND below) and then
 * clicked and typed into through the driver, as a person's input, not by scripts.
 */

export type BrowserName = "firefox" | "webkit";
export type Role = "button" | "checkbox" | "radio" | "textbox" | "radiogroup" | "dialog";
/** An element by role and accessible name (the whole name or its start, either case), optionally inside another. */
export interface Target {
  role?: Role;
  css?: string;
  name?: string;
  prefix?: boolean;
  within?: Target;
}

export interface Driver {
  readonly name: BrowserName;
  /** The site's address as this browser reaches it (the WebKit proxy's). */
  readonly origin: string;
  /** Where the browser saves downloads. */
  readonly downloadsDir: string;
  goto(pathOrUrl: string): Promise<void>;
  url(): Promise<string>;
  /** Runs `(args) => …` (JavaScript source; may be async) in the page; answers its JSON result. */
  run<T>(fn: string, args?: unknown): Promise<T>;
  /** Waits for the element, then clicks it as a pointer would. */
  click(target: Target): Promise<void>;
  /** Waits for the element, then types the text into it key by key. */
  type(target: Target, text: string): Promise<void>;
  /** Takes the network away or gives it back. */
  setOnline(online: boolean): Promise<void>;
  close(): Promise<void>;
}

/** The finder: `(target) => Element | null` in the page, by role and accessible name. */
const FIND = `(t) => {
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim();
  // Text as a screen reader hears it: what is aria-hidden left out.
  const text = (n) => n.nodeType === 3 ? n.data : n.nodeType === 1 && n.getAttribute("aria-hidden") === "true" ? "" : [...n.childNodes].map(text).join("");
  const byIds = (ids) => ids.split(/\\s+/).map((id) => { const el = document.getElementById(id); return el ? text(el) : ""; }).join(" ");
  const nameOf = (el) => norm(el.getAttribute("aria-label")
    || (el.getAttribute("aria-labelledby") ? byIds(el.getAttribute("aria-labelledby")) : "")
    || (el.labels && el.labels.length ? [...el.labels].map(text).join(" ") : "")
    || text(el));
  const css = { button: "button,[role=button]", checkbox: "input[type=checkbox]", radio: "input[type=radio]", textbox: "textarea,input[type=text],input:not([type])", radiogroup: "[role=radiogroup]", dialog: "[role=dialog]" };
  const named = (el, t) => {
    if (t.name === undefined) return true;
    const name = nameOf(el).toLowerCase(), want = t.name.toLowerCase();
    return t.prefix ? name.startsWith(want) : name === want;
  };
  const find = (t, scope) => [...scope.querySelectorAll(t.css ?? css[t.role])].find((el) => el.getClientRects().length > 0 && named(el, t)) ?? null;
  const scope = t.within ? find(t.within, document) : document;
  return scope ? find(t, scope) : null;
}`;

const describeTarget = (t: Target): string => `${t.role ?? t.css} "${t.name ?? ""}"${t.within ? ` in ${describeTarget(t.within)}` : ""}`;

async function waitFor<T>(what: string, fn: () => Promise<T | null>, timeout = 15_000): Promise<T> {
  for (const until = Date.now() + timeout; ; await new Promise((r) => setTimeout(r, 100))) {
    const found = await fn().catch(() => null);
    if (found) return found;
    if (Date.now() > until) throw new Error(`not found in ${timeout} ms: ${what}`);
  }
}

export async function openBrowser(name: BrowserName, serverUrl: string, opts: { noIndexedDb?: boolean } = {}): Promise<Driver> {
  return name === "firefox" ? openFirefox(serverUrl, opts) : openWebKit(serverUrl);
}

// --- Firefox ESR: WebDriver BiDi through puppeteer-core ------------------------------------------

async function openFirefox(origin: string, opts: { noIndexedDb?: boolean }): Promise<Driver> {
  const downloadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-firefox-dl-"));
  const browser: Browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr",
    headless: true,
    // No IndexedDB: a private window of a Firefox whose private windows may not keep it, as before
    // Firefox 115 (indexedDB.open then fails with InvalidStateError).
    extraPrefsFirefox: opts.noIndexedDb ? { "browser.privatebrowsing.autostart": true, "dom.indexedDB.privateBrowsing.enabled": false } : {},
  });
  const context = await browser.createBrowserContext({ downloadBehavior: { policy: "allow", downloadPath: downloadsDir } });
  const page: Page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.setDefaultTimeout(15_000);
  const element = async (t: Target) =>
    waitFor(describeTarget(t), async () => {
      const handle = await page.evaluateHandle(`(${FIND})(${JSON.stringify(t)})`);
      const el = handle.asElement() as ElementHandle<Element> | null;
      if (!el) await handle.dispose();
      return el;
    });
  return {
    name: "firefox",
    origin,
    downloadsDir,
    goto: async (to) => {
      // A navigation the page started itself (after signing in) may still cut ours short: once more.
      await page.goto(new URL(to, origin).href).catch(async (err: unknown) => {
        if (!String(err).includes("NS_BINDING_ABORTED")) throw err;
        await page.goto(new URL(to, origin).href);
      });
    },
    url: async () => page.url(),
    run: <T>(fn: string, args?: unknown) => page.evaluate(`(${fn})(${JSON.stringify(args ?? null)})`) as Promise<T>,
    click: async (t) => (await element(t)).click(),
    type: async (t, text) => (await element(t)).type(text),
    setOnline: (online) => page.setOfflineMode(!online),
    close: async () => {
      await browser.close();
      fs.rmSync(downloadsDir, { recursive: true, force: true });
    },
  };
}

// --- WebKitGTK: MiniBrowser over classic WebDriver, the network behind a proxy ------------------

async function openWebKit(serverUrl: string): Promise<Driver> {
  const proxy: TcpProxy = await startProxy(Number(new URL(serverUrl).port));
  const session = await WebKitSession.start().catch(async (err: unknown) => {
    await proxy.close();
    throw err;
  });
  const element = (t: Target) => waitFor(describeTarget(t), () => session.execute<ElementRef | null>(`return (${FIND})(arguments[0]);`, [t]));
  return {
    name: "webkit",
    origin: proxy.url,
    downloadsDir: session.downloadsDir,
    goto: async (to) => void (await session.navigate(new URL(to, proxy.url).href)),
    url: () => session.currentUrl(),
    run: (fn, args) => session.executeAsync(`const done = arguments[1]; Promise.resolve().then(() => (${fn})(arguments[0])).then(done, (e) => done({ __error: String(e) }));`, [args ?? null]),
    click: async (t) => {
      const el = await element(t);
      // WebKitWebDriver scrolls an element to the top edge, under the site's sticky header: a
      // person would have it in the middle of the screen.
      await session.execute("arguments[0].scrollIntoView({ block: 'center' });", [el]);
      try {
        await session.click(el);
      } catch (err) {
        // WebKitWebDriver answers "element not interactable" for Mantine's styled radio inputs: a
        // click on the choice's label, as a candidate may click, chooses it the same way.
        const label = await session.execute<ElementRef | null>("return arguments[0].labels?.[0] ?? null;", [el]);
        if (err instanceof WebDriverError && err.error === "element click intercepted") {
          const over = await session.execute<string>(
            "const r = arguments[0].getBoundingClientRect(); const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); return `${innerWidth}x${innerHeight} ${JSON.stringify(r)} ${e?.outerHTML.slice(0, 300)}`;",
            [el],
          );
          throw new Error(`${describeTarget(t)}: ${err.message}; over it: ${over}`);
        }
        if (!(err instanceof WebDriverError) || err.error !== "element not interactable" || !label) throw err;
        await session.click(label);
      }
    },
    type: async (t, text) => void (await session.sendKeys(await element(t), text)),
    setOnline: async (online) => {
      if (online) proxy.target = Number(new URL(serverUrl).port);
      else proxy.cut();
    },
    close: async () => {
      await session.close();
      await proxy.close();
    },
  };
}
