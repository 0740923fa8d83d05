import { defineConfig } from "vitest/config";

/**
 * unit: pure functions (server and web); api: the real app on a real database (PGlite, or
 * PostgreSQL with TEST_DB=postgres); e2e: headless Chromium against a real server.
 */
export default defineConfig({
  test: {
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
          // Two cores: more workers only contend.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ["e2e/support/global-setup.ts"],
        },
      },
    ],
  },
});
