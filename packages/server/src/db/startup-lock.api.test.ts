import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openPostgres, prepareDatabase } from "./client.js";
import { createScratchDatabase } from "./scratch.js";
import { accounts } from "./schema.js";
import { seedDemoWorldIfEmpty } from "../demo/seed.js";
import { DEMO_ACCOUNTS } from "../demo/world.js";
import { testDatabaseKind } from "../test/harness.js";

/**
 * Two server processes started at once on an empty PostgreSQL database: without the startup lock
 * both migrate side by side and one exits; with it they take turns, and the demo world is made once.
 * (PGlite has one process per data folder: nothing to race.)
 */
describe.runIf(testDatabaseKind === "postgres")("two processes starting at once on an empty database", () => {
  it("migrate and seed one after the other, and both start", { timeout: 180_000 }, async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "parlance_startup");
    const processes = [await openPostgres(scratch.url), await openPostgres(scratch.url)];
    try {
      const seeded = await Promise.all(processes.map((p) => prepareDatabase(p, () => seedDemoWorldIfEmpty({ db: p.db }))));
      expect(seeded.sort()).toEqual([false, true]);
      const [{ n }] = await processes[0].db
        .select({ n: sql<number>`count(*)::int` })
        .from(accounts)
        .where(eq(accounts.name, DEMO_ACCOUNTS.northwind.name));
      expect(n).toBe(1);
      // The lock is released: a third start goes straight through.
      expect(await prepareDatabase(processes[1], async () => "started")).toBe("started");
    } finally {
      for (const p of processes) await p.close();
      await scratch.drop();
    }
  });
});
