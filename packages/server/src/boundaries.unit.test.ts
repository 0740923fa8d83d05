import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The server's areas and the ban on import cycles are kept by ESLint (eslint.config.js, issue 25).
 * These samples run through the repository's real configuration, so a rule cannot silently stop
 * firing (the web app's layers.unit.test.ts does the same for its features).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const src = path.join(root, "packages/server/src");
const eslint = new ESLint({ cwd: root });

async function errors(file: string, code: string, rule = /restricted-imports/): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
  return result!.messages.filter((m) => rule.test(m.ruleId ?? "")).map((m) => m.message);
}

// The first lint also reads the imported modules (no-cycle), which takes seconds on a busy machine.
describe("the server's areas", { timeout: 60_000 }, () => {
  it("refuses an area reaching into another area's files", async () => {
    expect(await errors("candidates/sample.ts", 'import { heldTest } from "../attempts/attempt.js";\nexport { heldTest };\n')).toEqual([
      expect.stringContaining("Another area only through its index.ts"),
    ]);
    expect(await errors("results/scoring/sample.ts", 'export { entryHref } from "../../taking/list/classify.js";\n')).toHaveLength(1);
  });

  it("refuses the infrastructure reaching an area, even through its index", async () => {
    expect(await errors("db/sample.ts", 'import { heldTest } from "../attempts/index.js";\nexport { heldTest };\n')).toEqual([
      expect.stringContaining("Infrastructure reaches no area"),
    ]);
    expect(await errors("http/sample.ts", 'export { receive } from "../attempts/index.js";\n')).toHaveLength(1);
  });

  it("refuses a service importing a routes file", async () => {
    expect(await errors("taking/sample.ts", 'import { routes } from "./routes.js";\nexport { routes };\n')).toEqual([
      expect.stringContaining("Routes import services, never the reverse"),
    ]);
  });

  it("allows another area's index.ts, the area's own files and the infrastructure by file", async () => {
    const allowed = [
      'import { heldTest } from "../attempts/index.js";',
      'import { dueAtFor } from "../results/index.js";',
      'import { contentView } from "./view.js";',
      'import { candidateTests } from "../db/schema.js";',
      'import { ownAssignedTests } from "../auth/scope.js";',
      'import { conflict } from "../http/errors.js";',
      'import type { AppContext } from "../context.js";',
    ];
    const names = "heldTest, dueAtFor, contentView, candidateTests, ownAssignedTests, conflict";
    expect(await errors("taking/sample.ts", `${allowed.join("\n")}\nexport { ${names} };\nexport type { AppContext };\n`)).toEqual([]);
    expect(await errors("taking/routes.ts", 'import { startTest } from "./service.js";\nexport { startTest };\n')).toEqual([]);
  });
});

describe("import cycles", { timeout: 60_000 }, () => {
  // no-cycle reads the imported files from disk, so the sample is two real files for the test's length.
  const dir = path.join(src, `zz-cycle-sample-${process.pid}`);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses two modules importing each other, and not a type-only import", async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b.js";\nexport const a = () => b();\n');
    fs.writeFileSync(path.join(dir, "b.ts"), 'import { a } from "./a.js";\nexport const b = (): unknown => a;\n');
    fs.writeFileSync(path.join(dir, "c.ts"), 'import type { d } from "./d.js";\nexport const c = (x: typeof d) => x;\n');
    fs.writeFileSync(path.join(dir, "d.ts"), 'import { c } from "./c.js";\nexport const d = c;\n');
    const cycles = async (file: string) => (await eslint.lintFiles([path.join(dir, file)]))[0]!.messages.filter((m) => m.ruleId === "import-x/no-cycle");
    expect(await cycles("a.ts")).toEqual([expect.objectContaining({ message: expect.stringContaining("Dependency cycle") })]);
    expect(await cycles("d.ts")).toEqual([]);
  });
});
