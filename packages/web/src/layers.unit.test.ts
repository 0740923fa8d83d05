import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import direction of the web app is kept by ESLint (eslint.config.js). These samples run
 * through the repository's real configuration, so the rule cannot silently stop firing.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, "packages/web/src", file) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

// The first lint also reads the imported modules (import-x/no-cycle): seconds on a busy machine.
describe("the web app's import direction", { timeout: 60_000 }, () => {
  it("refuses a feature reaching into another feature's files", async () => {
    expect(await layerErrors("features/candidates/Sample.tsx", 'import { CandidateTests } from "../history/CandidateTests";\nexport { CandidateTests };\n')).toEqual([
      expect.stringContaining("Another feature only through its index.ts"),
    ]);
    expect(await layerErrors("features/settings/users/Sample.ts", 'export { AssignTests } from "../../assignment/AssignTests";\n')).toHaveLength(1);
    expect(await layerErrors("features/taking/answers/Sample.ts", 'import TestingHomePage from "../../testing/TestingHomePage";\nexport { TestingHomePage };\n')).toHaveLength(1);
  });

  it("refuses a subfolder reaching into a sibling subfolder's files (only its index.ts)", async () => {
    expect(await layerErrors("features/settings/users/Sample.ts", 'import { RecordList } from "../lists/RecordList";\nexport { RecordList };\n')).toEqual([
      expect.stringContaining("A sibling subfolder only through its index.ts"),
    ]);
    expect(await layerErrors("features/settings/offices/tabs/Sample.ts", 'export { UsersList } from "../../users/UsersList";\n')).toHaveLength(1);
    expect(await layerErrors("features/backoffice/staff/Sample.ts", 'export { accountKeys } from "../accounts/queries";\n')).toHaveLength(1);
  });

  it("refuses a feature importing app/", async () => {
    expect(await layerErrors("features/overview/Sample.ts", 'import { routes } from "../../app/router";\nexport { routes };\n')).toEqual([
      expect.stringContaining("A feature never imports app/"),
    ]);
    expect(await layerErrors("features/results/scoring/Sample.ts", 'import { AppLayout } from "../../../app/layout/AppLayout";\nexport { AppLayout };\n')).toHaveLength(1);
  });

  it("refuses ui/, i18n/ and api/ importing features/ or app/", async () => {
    expect(await layerErrors("ui/Sample.ts", 'import { greetingKey } from "../features/overview/greeting";\nexport { greetingKey };\n')).toHaveLength(1);
    expect(await layerErrors("api/Sample.ts", 'import { router } from "../app/router";\nexport { router };\n')).toHaveLength(1);
    expect(await layerErrors("i18n/Sample.ts", 'import { App } from "../app/App";\nexport { App };\n')).toHaveLength(1);
  });

  it("allows another feature's index.ts, the feature's own files, and the lower layers", async () => {
    const allowed = [
      'import { CandidateTests } from "../history";',
      'import { AssignTests } from "../assignment/index";',
      'import { useStartup } from "../../ui/startup";',
      'import { call } from "../../api/client";',
      'import { formatDate } from "../../i18n/format";',
      'import { Role } from "@parlance/contract";',
    ];
    expect(await layerErrors("features/candidates/Sample.tsx", allowed.join("\n") + "\nexport { CandidateTests, AssignTests, useStartup, call, formatDate, Role };\n")).toEqual([]);
    expect(await layerErrors("features/settings/users/Sample.ts", 'import { RecordList } from "../lists";\nimport { listPath } from "../listPaths";\nexport { RecordList, listPath };\n')).toEqual([]);
    expect(await layerErrors("app/Sample.tsx", 'import LoginPage from "../features/auth/LoginPage";\nexport { LoginPage };\n')).toEqual([]);
  });
});
