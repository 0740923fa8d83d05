import { afterAll, beforeAll, inject } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { copyDataDir, startServer, type RunningServer } from "./server";

export interface OwnServer {
  server: RunningServer;
  browser: Browser;
}

/**
 * A server of the calling test file's own, on a copy of the seeded data (for a file whose changes
 * other files on the shared servers would see), and a Chromium: started before the file's tests,
 * stopped after. Read `server` and `browser` from the returned object inside the tests.
 */
export function useOwnServer(opts: { env?: Record<string, string>; nodeArgs?: string[] } = {}): OwnServer {
  const own = {} as OwnServer;
  beforeAll(async () => {
    own.server = await startServer({ dataDir: copyDataDir(inject("seededDataDir")), ...opts });
    own.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await own.browser?.close();
    await own.server?.stop();
  });
  return own;
}
