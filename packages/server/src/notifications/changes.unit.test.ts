import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGE_SERVICES, SELF_CHANGES } from "./changes.js";

/** Issue 23 §3 as a mechanism: every change service notifies, and no write of another's test or appointment goes unlisted. */
const SRC = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(SRC, file), "utf8");

/** The text of a top-level function: from its declaration to the next line that is a lone `}`. */
function functionBody(source: string, name: string): string | null {
  const start = source.search(new RegExp(`(?:export\\s+)?(?:async\\s+)?function\\s+${name}\\s*[(<]`));
  if (start < 0) return null;
  const end = source.indexOf("\n}\n", start);
  return source.slice(start, end < 0 ? undefined : end);
}

/** Writes that change a test's appointment or state, or a proctoring reservation, with the function that makes them. */
function changeWrites(file: string, source: string): { file: string; fn: string }[] {
  const writes: { file: string; fn: string }[] = [];
  const WRITE = /\.(update|insert)\((assignedTests|proctoringReservations)\)([\s\S]*?)\.(where|returning|onConflict)/g;
  for (const m of source.matchAll(WRITE)) {
    if (m[2] === "assignedTests" && !/scheduledAt|scheduledEvaluatorUserId|deletedAt|state:/.test(m[3])) continue;
    const fns = [...source.slice(0, m.index).matchAll(/(?:async\s+)?function\s+(\w+)\s*[(<]/g)];
    writes.push({ file, fn: fns.at(-1)?.[1] ?? "(settle)" });
  }
  return writes;
}

const serverFiles = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join("/"))
  .filter((f) => f.endsWith(".ts") && !/\.test\.ts$|test-fixtures|test-support|^db\/|^demo\/|^test\//.test(f));

describe("every change tells whom it affects", () => {
  it.each(CHANGE_SERVICES.map((c) => [`${c.file} ${c.service}`, c] as const))("%s calls its notification", (_name, c) => {
    const body = functionBody(read(c.file), c.service);
    expect(body, `${c.service} in ${c.file}`).not.toBeNull();
    expect(body!.includes(`${c.notifies}(`) || body!.includes(`${c.notifies},`), `${c.service} must call ${c.notifies}`).toBe(true);
  });

  it("every write of a test's appointment or state, or of a reservation, is a listed change service or a listed own change", () => {
    const listed = new Set([
      ...CHANGE_SERVICES.flatMap((c) => [c.service, ...(c.writers ?? [])].map((fn) => `${c.file}:${fn}`)),
      ...SELF_CHANGES.map((s) => `${s.file}:${s.fn}`),
    ]);
    const writes = serverFiles.flatMap((f) => changeWrites(f, read(f)));
    // The scan finds what it should: the decline's write is among them.
    expect(writes).toContainEqual({ file: "evaluator-schedule/decline.ts", fn: "declineInTransaction" });
    const unlisted = writes.filter((w) => !listed.has(`${w.file}:${w.fn}`));
    expect(unlisted, "add it to CHANGE_SERVICES with its notification, or to SELF_CHANGES with why it tells nobody").toEqual([]);
  });

  it("the scan catches a new service that moves an appointment", () => {
    const source = `export async function moveIt(tx) {\n  await tx.update(assignedTests).set({ scheduledAt: later }).where(eq(assignedTests.id, 1));\n}\n`;
    expect(changeWrites("somewhere/new.ts", source)).toEqual([{ file: "somewhere/new.ts", fn: "moveIt" }]);
  });
});
