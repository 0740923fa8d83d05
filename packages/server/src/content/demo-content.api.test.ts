import { afterAll, beforeAll, expect, it } from "vitest";
import { isNotNull } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { candidateTests, testContentVersions, tests } from "../db/schema.js";
import { seedDemoWorldIfEmpty } from "../demo/seed.js";
import { DEMO_CONTENT_KEYS } from "../demo/catalogue.js";

/** A demo database made before content existed gets it at the next start (seedDemoWorldIfEmpty). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

it("links the demo tests to their content and imports it, once", async () => {
  // The state of a demo world from before this migration: no keys, no versions (and so no
  // attempt pinned to one: the demo's submitted attempts waiting for an evaluator are let go).
  await t.ctx.db.update(candidateTests).set({ contentVersionId: null });
  await t.ctx.db.delete(testContentVersions);
  await t.ctx.db.update(tests).set({ contentKey: null });

  expect(await seedDemoWorldIfEmpty(t.ctx)).toBe(false);
  const linked = await t.ctx.db.select({ key: tests.contentKey }).from(tests).where(isNotNull(tests.contentKey));
  expect(linked.map((r) => r.key).sort()).toEqual([...DEMO_CONTENT_KEYS].sort());
  expect(await t.ctx.db.$count(testContentVersions)).toBe(DEMO_CONTENT_KEYS.length);

  // A second start changes nothing.
  await seedDemoWorldIfEmpty(t.ctx);
  expect(await t.ctx.db.$count(testContentVersions)).toBe(DEMO_CONTENT_KEYS.length);
});
