// Makes the country picker's flag sprite (candidate-testing.md: "flag sprites on a 16 px grid"):
// every flag of the flag-icons package (MIT) drawn by Chromium at 16 × 12 px into one PNG, and
// the order of its codes as a TypeScript module. Emoji flags show as letters or boxes where no
// emoji font has them (Windows, a bare Linux), so the picker draws these instead.
//
//   node scripts/make-flag-sprite.mjs      (Chromium at /usr/bin/chromium; ImageMagick to shrink)
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const flagsDir = path.join(root, "node_modules/flag-icons/flags/4x3");
const outDir = path.join(root, "packages/web/src/ui/phone");
const W = 16;
const H = 12;
const COLUMNS = 16;

// Two-letter codes only: the picker lists countries (ISO 3166-1), not regions such as gb-eng.
const codes = fs
  .readdirSync(flagsDir)
  .filter((f) => /^[a-z]{2}\.svg$/.test(f))
  .map((f) => f.slice(0, 2))
  .sort();
const rows = Math.ceil(codes.length / COLUMNS);
const cells = codes
  .map((code, i) => {
    const svg = fs.readFileSync(path.join(flagsDir, `${code}.svg`)).toString("base64");
    return `<img src="data:image/svg+xml;base64,${svg}" style="position:absolute;left:${(i % COLUMNS) * W}px;top:${Math.floor(i / COLUMNS) * H}px;width:${W}px;height:${H}px">`;
  })
  .join("");

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const page = await browser.newPage({ viewport: { width: COLUMNS * W, height: rows * H }, deviceScaleFactor: 1 });
await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent"><div id="s" style="position:relative;width:${COLUMNS * W}px;height:${rows * H}px">${cells}</div></body></html>`);
await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())));
const png = path.join(outDir, "flags.png");
await page.locator("#s").screenshot({ path: png, omitBackground: true });
await browser.close();
// A palette of 256 colours is plenty at this size: a quarter of the bytes.
spawnSync("convert", [png, "-strip", `PNG8:${png}`], { stdio: "inherit" });

fs.writeFileSync(
  path.join(outDir, "flagSprite.ts"),
  `// Made by scripts/make-flag-sprite.mjs from flag-icons (MIT): the flags of flags.png, left to right, top to bottom.\n` +
    `export const FLAG_SIZE = { width: ${W}, height: ${H}, columns: ${COLUMNS} } as const;\n` +
    `export const FLAG_CODES = "${codes.join(" ")}".split(" ");\n`,
);
console.log(`${codes.length} flags, ${fs.statSync(png).size} bytes: ${path.relative(root, png)}`);
