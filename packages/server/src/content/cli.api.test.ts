import path from "node:path";
import os from "node:os";
import fs from "node:fs/promises";
import { execFile } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { runImport } from "./cli.js";
import { SHIPPED_CONTENT_DIR } from "./sources.js";
import { DEMO_CONTENT_KEYS } from "../demo/catalogue.js";

/** `npm run content:import`: its report lines and its exit code. */

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
let t: TestApp;
let tmp: string;
let badDir: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "parlance-content-cli-"));
  badDir = path.join(tmp, "content");
  await fs.mkdir(badDir);
  await fs.writeFile(path.join(badDir, "en-reading.json"), JSON.stringify({ key: "en-reading", description: "Empty", test_type_short_name: "reading", time_limit_minutes: 60, sections: [] }));
});
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

async function runLines(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runImport(t.ctx.db, args, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: tmp });
  return { code, out, err };
}

/** The real command in a child process, on its own embedded database in tmp. */
function spawnCli(args: string[], dataDir: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "packages/server/src/content/cli.ts", ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe("content:import", () => {
  it("reports each shipped file as unchanged, then a summary, and exits 0", async () => {
    const r = await runLines([SHIPPED_CONTENT_DIR]);
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    const n = DEMO_CONTENT_KEYS.length;
    expect(r.out.at(-1)).toBe(`${n} file(s): 0 new version(s), ${n} unchanged, 0 refused.`);
  });

  it("answers 1 and names the file and its problem", async () => {
    const r = await runLines(["content"]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual(["content/en-reading.json: There must be at least one section in the test."]);
    expect(r.out).toEqual(["1 file(s): 0 new version(s), 0 unchanged, 1 refused."]);
  });

  it("the command exits 1 on a bad directory", async () => {
    const r = await spawnCli([badDir], path.join(tmp, "data"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("en-reading.json: There must be at least one section in the test.");
  });

  it("refuses to open an embedded database another process has open", async () => {
    const busy = path.join(tmp, "busy");
    await fs.mkdir(busy);
    await fs.writeFile(path.join(busy, "postmaster.pid"), "-42\n");
    const r = await spawnCli([badDir], busy);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is open in another process");
  });
});
