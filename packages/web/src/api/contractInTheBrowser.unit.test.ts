import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contractForTheBrowser } from "../../vite-plugins/contract-for-the-browser";

/** The web build's contract (vite-plugins/contract-for-the-browser.ts): routes without schemas, the rest as it was. */
const plugin = contractForTheBrowser();
const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
const contractFile = (name: string) => path.resolve(import.meta.dirname, "../../../contract/src", name);

describe("the contract in the browser", () => {
  it("keeps a route's method, path and access and drops its schemas and summary, keeping the line numbers", () => {
    const source = fs.readFileSync(contractFile("auth/routes.ts"), "utf8");
    const out = transform(source, contractFile("auth/routes.ts"))!.code;
    expect(out.split("\n").length).toBe(source.split("\n").length);
    const startup = out.slice(out.indexOf("startup: defineRoute({"), out.indexOf("login: defineRoute({"));
    expect(startup).toContain('method: "GET"');
    expect(startup).toContain('path: "/api/startup"');
    expect(startup).toContain('access: "public"');
    expect(startup).toMatch(/input: undefined,\s+output: undefined,/);
    expect(startup).toContain("summary: undefined");
    expect(startup).not.toContain("z.");
  });

  it("wraps each computed top-level const in a call marked pure, so an unused one is dropped", () => {
    const out = transform('import { z } from "zod";\nexport const A = z.string().min(1);\nexport const B = 3;\nconst c = (m: string) => z.string(m);\n', contractFile("sample.ts"))!.code;
    expect(out).toContain("export const A = /* @__PURE__ */ (() => (z.string().min(1)))();");
    expect(out).toContain("export const B = 3;");
    expect(out).toContain("const c = (m: string) => z.string(m);");
  });

  it("leaves files outside the contract alone and refuses a route that is not an object literal", () => {
    expect(transform("export const A = f();", "/work/packages/web/src/x.ts")).toBeNull();
    expect(() => transform("export const r = { a: defineRoute(def) };", contractFile("sample.ts"))).toThrow(/object literal/);
  });
});
