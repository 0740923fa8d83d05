import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { tests } from "../db/schema.js";
import { importContent, reportLines } from "../content/import.js";
import { SHIPPED_CONTENT_DIR } from "../content/sources.js";
import { DEMO_CONTENT_KEYS, DEMO_TESTS } from "./catalogue.js";

/**
 * The demo world's test content: the files shipped in content/, imported like any other content
 * so the demo and every API test take tests from real, checked material.
 */

/** In a new demo world: shipped content that does not import is a bug, so it stops the seed. */
export async function importDemoContent(db: Db): Promise<void> {
  const report = await importContent(db, [SHIPPED_CONTENT_DIR]);
  if (!report.ok) throw new Error(`The shipped test content was refused:\n${reportLines(report).err.join("\n")}`);
}

/**
 * In an existing demo world (made before content existed, or with older content): links the demo
 * tests to their content keys and imports the shipped files, which adds a version only where a
 * file changed. A refusal is reported, not fatal: the server still starts with the last good content.
 */
export async function refreshDemoContent(db: Db, log: (line: string) => void = console.error): Promise<void> {
  for (const key of DEMO_CONTENT_KEYS) {
    const demo = DEMO_TESTS.find((t) => t.key === key);
    if (!demo) continue;
    await db
      .update(tests)
      .set({ contentKey: key })
      .where(and(eq(tests.description, demo.description), eq(tests.languageId, demo.languageId), isNull(tests.contentKey)));
  }
  const report = await importContent(db, [SHIPPED_CONTENT_DIR]);
  if (!report.ok) reportLines(report).err.forEach(log);
}
