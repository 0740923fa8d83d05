import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screensOfRouter } from "../../vite-plugins/first-screens";

const webDir = path.resolve(import.meta.dirname, "../..");
const screens = screensOfRouter(fs.readFileSync(path.join(webDir, "src/app/router.tsx"), "utf8"));
const screen = (p: string) => screens.find((s) => s.path === p);

describe("the route table as the build reads it for a page's first-screen hints (vite-plugins/first-screens.ts)", () => {
  it("finds the phone's first screens with their code and needs", () => {
    expect(screen("/login")).toEqual({ path: "/login", module: "src/features/auth/LoginPage.tsx", needs: { tiers: ["entry"], queries: false, mantine: false } });
    expect(screen("/testing/tests")).toEqual({
      path: "/testing/tests",
      module: "src/features/taking/list/TakeTestPage.tsx",
      needs: { tiers: ["entry", "taking", "history"], queries: true, mantine: true },
    });
    // Written as `element: testPage()`: the factory's page.
    expect(screen("/testing/tests/:id")).toEqual({
      path: "/testing/tests/:id",
      module: "src/features/taking/flow/TakeTestPage.tsx",
      needs: { tiers: ["entry", "taking", "flow"], queries: false, mantine: true },
    });
  });

  it("reads most of the table, and every module it names exists", () => {
    expect(screens.length).toBeGreaterThan(80);
    for (const s of screens) expect(fs.existsSync(path.join(webDir, s.module)), s.module).toBe(true);
  });
});
