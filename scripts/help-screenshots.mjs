// Makes the help guides' screenshots from our own screens (packages/web/public/help/<language>/<shot>.webp):
// builds the web app if stale, starts the server on a fresh demo world, and photographs each screen of
// packages/web/src/features/help/guide/sections.ts (SHOTS) in en-US, zh-HANS and zh-HANT with Chromium.
// Run it again when a screen changes: `node scripts/help-screenshots.mjs` (about two minutes).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { buildWebIfStale } from "./web-build.mjs";
import { freePort } from "./free-port.mjs";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "packages/web/public/help");
const LANGUAGES = ["en-US", "zh-HANS", "zh-HANT"];
const PASSWORD = "Parlance-demo-1";
const AS = { admin: "admin@northwind.example", candidate: "candidate@northwind.example" };
// Desktop size only (a phone shows the same screen narrower); WebP at this quality keeps each near 30 kB.
const VIEWPORT = { width: 1280, height: 800 };
const WEBP_QUALITY = 0.6;

/** The shots to make: the SHOTS table of sections.ts, read as text (it is TypeScript). */
function readShots() {
  const source = fs.readFileSync(path.join(root, "packages/web/src/features/help/guide/sections.ts"), "utf8");
  const table = source.slice(source.indexOf("export const SHOTS"), source.indexOf("} as const;", source.indexOf("export const SHOTS")));
  return [...table.matchAll(/^\s+"?([\w-]+)"?: \{ path: "([^"]+)", as: (null|"(\w+)")(, openFirstCandidate: true)? \}/gm)].map((m) => ({
    name: m[1],
    path: m[2],
    as: m[4] ?? null,
    openFirstCandidate: Boolean(m[5]),
  }));
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-help-shots-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "packages/server/src/main.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: "", LOG_LEVEL: "warn", SEED_DEMO: "always" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("the server exited early");
    try {
      if ((await fetch(`${url}/api/startup`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once("exit", () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill("SIGTERM");
    });
  return { url, stop };
}

/** PNG bytes to WebP, encoded by Chromium's own canvas (no image library needed). */
async function toWebp(page, png) {
  const dataUrl = await page.evaluate(
    async ({ b64, quality }) => {
      // Decoded here, not fetched from a data: address (the page's CSP allows no such request).
      const raw = atob(b64);
      const png = new Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i++) png[i] = raw.charCodeAt(i);
      const blob = new Blob([png], { type: "image/png" });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext("2d").drawImage(bitmap, 0, 0);
      const webp = await canvas.convertToBlob({ type: "image/webp", quality });
      const bytes = new Uint8Array(await webp.arrayBuffer());
      let s = "";
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    { b64: png.toString("base64"), quality: WEBP_QUALITY },
  );
  return Buffer.from(dataUrl, "base64");
}

async function shoot(browser, url, language, who, shots) {
  const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, locale: language === "en-US" ? "en-US" : language === "zh-HANS" ? "zh-CN" : "zh-TW", timezoneId: "America/New_York", reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/login");
  await context.request.post("/api/account/language", { data: { language } });
  if (who) {
    const res = await context.request.post("/login", { data: { email_address: AS[who], password: PASSWORD } });
    if (!res.ok()) throw new Error(`sign-in of ${AS[who]} failed: ${res.status()}`);
  }
  for (const shot of shots) {
    await page.goto(shot.path);
    await page.waitForLoadState("networkidle");
    if (shot.openFirstCandidate) {
      // The first candidate of the list (a row's link is /testing/candidates/<id>).
      const hrefs = await page.locator("a[href^='/testing/candidates/']").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
      const first = hrefs.find((h) => /^\/testing\/candidates\/\d+$/.test(h));
      if (!first) throw new Error("no candidate on the candidate list");
      await page.goto(first);
      await page.waitForLoadState("networkidle");
    }
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    const webp = await toWebp(page, await page.screenshot({ type: "png" }));
    const file = path.join(outDir, language, `${shot.name}.webp`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, webp);
    console.log(`${language}/${shot.name}.webp ${(webp.length / 1024).toFixed(1)} kB`);
  }
  await context.close();
}

buildWebIfStale();
const shots = readShots();
if (shots.length === 0) throw new Error("no shots found in sections.ts");
const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
try {
  for (const language of LANGUAGES) {
    for (const who of [null, "admin", "candidate"]) await shoot(browser, server.url, language, who, shots.filter((s) => s.as === who));
  }
} finally {
  await browser.close();
  await server.stop();
}
