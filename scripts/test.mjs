// `npm test`: type check, lint, unit and API tests, then the browser tests in headless Chromium.
// Ends with one plain "N passed, N failed" line.
//
// Where the API tests run. Without TEST_DATABASE_URL: all of them on PGlite. With it (CI): all of
// them on PostgreSQL, and on PGlite only the files about the embedded database itself
// (pgliteApiFiles below). Running the whole suite on both doubled the step for little: the two
// are the same SQL engine behind the same code; what differs is the driver, the connection (one
// embedded connection against a pool, where races and parallel requests only mean something),
// migrations and locks at startup, and the raw-SQL paths that branch on the database kind. Those
// files still run on both; the browser tests run the whole app on PGlite end to end (40 files
// against the built server on its embedded database), and PostgreSQL, which is what a deployment
// of several processes runs on, gets every API test, races and parallel requests included.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const stepTimes = [];

function finish(label, ok, started) {
  const seconds = (Date.now() - started) / 1000;
  console.log(`--- ${label}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s`);
  stepTimes.push([label, seconds]);
  if (!ok) failedSteps.push(label);
  return ok;
}

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return finish(label, r.status === 0, started);
}

/**
 * The type checks and lint: single-threaded and independent, so two at a time (the machine has
 * two cores), each one's output printed whole when it ends.
 */
async function runChecks(steps, atOnce = 2) {
  const started = Date.now();
  const queue = [...steps];
  const one = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const [label, cmd, args] = step;
      const t0 = Date.now();
      const child = spawn(cmd, args, { cwd: root, env: process.env });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      const code = await new Promise((resolve) => child.on("close", resolve));
      console.log(`\n=== ${label} ===`);
      if (output.trim()) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
      finish(label, code === 0, t0);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, one));
  console.log(`--- type checks and lint, side by side: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function vitest(label, projects, env = {}, files = []) {
  const json = path.join(outDir, `${label.replace(/\W+/g, "-")}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${json}`];
  const ok = run(label, "npx", args, env);
  if (fs.existsSync(json)) {
    const r = JSON.parse(fs.readFileSync(json, "utf8"));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) failedSteps.push(`${label} (no tests ran)`);
  } else if (!ok) {
    totals.failed += 1;
  }
}

/** Every API test file, relative to the root. */
function apiTestFiles(dir = "packages/server/src") {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return apiTestFiles(rel);
    return e.name.endsWith(".api.test.ts") ? [rel] : [];
  });
}

/**
 * The API test files that also run on PGlite when the suite runs on PostgreSQL: those of the
 * database layer and the job queue's adapter (packages/server/src/db/, jobs/), and any file that
 * names the embedded database or branches on the database kind (PGlite, embedded, DATA_DIR,
 * testDatabaseKind, databaseUrl, secondProcess). A new file that must run on both says PGlite in
 * a comment (why), and it does.
 */
function pgliteApiFiles() {
  const marker = /pglite|embedded|DATA_DIR|dataDir|testDatabaseKind|databaseUrl|secondProcess/i;
  return apiTestFiles().filter((f) => /^packages\/server\/src\/(db|jobs)\//.test(f) || marker.test(fs.readFileSync(path.join(root, f), "utf8")));
}

const runStarted = Date.now();
await runChecks([
  // The longest first, so the two lanes end close together.
  ["type check packages/web", "npx", ["tsc", "-p", "packages/web"]],
  ["type check packages/server", "npx", ["tsc", "-p", "packages/server"]],
  ["lint", "npx", ["eslint", "--max-warnings=0", "."]],
  ["type check e2e", "npx", ["tsc", "-p", "e2e"]],
]);
if (process.env.TEST_DATABASE_URL) {
  // ".unit.test." keeps every unit test file (a filter matches paths by substring).
  vitest("unit tests, PGlite's API tests", ["unit", "api"], {}, [".unit.test.", ...pgliteApiFiles()]);
  vitest("API tests on PostgreSQL", ["api"], { TEST_DB: "postgres" });
} else {
  vitest("unit and API tests on PGlite", ["unit", "api"]);
  console.log("\n(TEST_DATABASE_URL is not set: the API tests on PostgreSQL are skipped.)");
}
vitest("browser tests", ["e2e"]);

console.log("\nTime of each step:");
for (const [label, seconds] of stepTimes) console.log(`  ${label.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s`);
console.log(`  ${"whole run".padEnd(34)} ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(6)} s`);
console.log("");
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
