import { defineConfig } from "vitest/config";
import LongestFirst from "./e2e/support/sequencer.ts";

/**
 * unit: pure functions (server and web); api: the real app on a real database (PGlite, or
 * PostgreSQL with TEST_DB=postgres); e2e: headless Chromium against a real server (and, for the
 * sealed answers file, Firefox ESR and WebKitGTK: e2e/support/other-browsers.ts).
 */
export default defineConfig({
  test: {
    // Two cores: more workers only contend.
    maxWorkers: 2,
    // The browser test files longest first, so the two workers end together (e2e/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.unit.test.ts", "packages/*/src/**/*.unit.test.tsx"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["packages/server/src/**/*.api.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Reusing workers lets PGlite's WebAssembly stay compiled between files (4 s → 1.4 s a file).
          isolate: false,
          // Migrates and seeds the demo world once; each file gets a copy (test/harness.ts).
          globalSetup: ["packages/server/src/test/global-setup.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Two files at a time, each worker against a server and demo world of its own
          // (e2e/support/global-setup.ts): the files of one worker run one after another as before.
          maxWorkers: 2,
          // A worker's files share its process (no new process and imports per file): nothing in
          // e2e/support/ keeps state of a file's own at module level, and each file starts and
          // stops what it uses in its own beforeAll/afterAll.
          isolate: false,
          // expect.poll's own default (1 s) is shorter than a page load on a busy 2-core machine.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ["e2e/support/global-setup.ts"],
        },
      },
    ],
  },
});
