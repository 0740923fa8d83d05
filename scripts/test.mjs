// `npm test`: type check, lint, unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser tests in headless Chromium. Ends with one plain
// "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`--- ${label}: ${r.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failedSteps.push(label);
  return r.status === 0;
}

function vitest(label, projects, env = {}) {
  const json = path.join(outDir, `${label.replace(/\W+/g, "-")}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${json}`];
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

for (const project of ["packages/server", "packages/web", "e2e"]) run(`type check ${project}`, "npx", ["tsc", "-p", project]);
run("lint", "npx", ["eslint", "--max-warnings=0", "."]);
vitest("unit and API tests on PGlite", ["unit", "api"]);
if (process.env.TEST_DATABASE_URL) {
  vitest("API tests on PostgreSQL", ["api"], { TEST_DB: "postgres" });
} else {
  console.log("\n(TEST_DATABASE_URL is not set: the API tests on PostgreSQL are skipped.)");
}
vitest("browser tests in Chromium", ["e2e"]);

console.log("");
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
