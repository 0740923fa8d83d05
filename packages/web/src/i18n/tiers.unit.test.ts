import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_STRING_TIERS, STRING_TIERS, tierOf, type StringTier } from "./tiers";

/**
 * Each screen is shown once the string tiers its route asks for (app/router.tsx) are downloaded, and
 * the frame of every screen with the entry tier only. A key of another tier would show as the key
 * until that tier arrives: so the code each one runs may use only the sections of its tiers.
 */
const src = path.resolve(import.meta.dirname, "..");
const sections = Object.keys(JSON.parse(fs.readFileSync(path.join(src, "i18n/en-US.json"), "utf8")) as Record<string, unknown>);
const router = path.join(src, "app/router.tsx");

function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");

/** A lazy part that brings tiers of its own: `withStrings(["stages"], () => import("./Prelude")…)` (i18n/index.ts). */
const PART = /withStrings\(\[([^\]]*)\],\s*\(\) => import\("(\.[^"]+)"\)/g;

/** The lazy parts with strings of their own that `roots` reach: each file with the tiers it adds. */
function partsOf(roots: string[]): { file: string; tiers: StringTier[] }[] {
  return reachable(roots).flatMap((file) =>
    [...withoutComments(fs.readFileSync(file, "utf8")).matchAll(PART)].map((m) => ({
      file: resolveImport(file, m[2]!)!,
      tiers: [...m[1]!.matchAll(/"(\w+)"/g)].map((t) => t[1] as StringTier),
    })),
  );
}

/** The files `roots` run: their static and lazy imports, except the router's screens and the parts with strings of their own (each checked on its own). */
function reachable(roots: string[]): string[] {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = withoutComments(fs.readFileSync(file, "utf8"));
    const statics = [...code.matchAll(/(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|import\s+"(\.[^"]+)"/g)].map((m) => m[1] ?? m[2]!);
    const parts = new Set([...code.matchAll(PART)].map((m) => m[2]!));
    const lazies = file === router ? [] : [...code.matchAll(/import\("(\.[^"]+)"\)/g)].map((m) => m[1]!).filter((spec) => !parts.has(spec));
    for (const spec of [...statics, ...lazies]) {
      if (/\.(css|json)$/.test(spec)) continue;
      const found = resolveImport(file, spec);
      if (found && !found.endsWith(".unit.test.ts")) todo.push(found);
    }
  }
  return [...seen];
}

/** Sections named by string literals ("login.title", `history.status.${s}`), with the files that name them. */
function sectionsUsed(files: string[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of files) {
    for (const m of withoutComments(fs.readFileSync(file, "utf8")).matchAll(/["'`]([a-zA-Z]+)\.[a-zA-Z$]/g)) {
      if (!sections.includes(m[1]!)) continue;
      used.set(m[1]!, [...new Set([...(used.get(m[1]!) ?? []), path.relative(src, file)])]);
    }
  }
  return used;
}

/** Sections `roots` use outside `tiers`, with where. */
function outside(roots: string[], tiers: readonly StringTier[]): Record<string, string[]> {
  return Object.fromEntries([...sectionsUsed(reachable(roots))].filter(([section]) => !tiers.includes(tierOf(section))));
}

/** The router's screens with the tiers each asks for: `page(() => import("<screen>"), <needs>)`, `const <needs>: ScreenNeeds = { strings: [...] }`. */
function screens(): { file: string; tiers: readonly StringTier[] }[] {
  const code = fs.readFileSync(router, "utf8");
  const needs = [...code.matchAll(/const (\w+): ScreenNeeds = \{([^}]*)\}/g)].map((m) => [m[1]!, /strings: \[([^\]]*)\]/.exec(m[2]!)?.[1]] as const);
  const lists = new Map(needs.map(([name, list]) => [name, list === undefined ? ALL_STRING_TIERS : [...list.matchAll(/"(\w+)"/g)].map((t) => t[1] as StringTier)]));
  return [...code.matchAll(/page\(\(\) => import\("([^"]+)"\)(?:, (\w+))?\)/g)].map((m) => ({
    file: resolveImport(router, m[1]!)!,
    tiers: m[2] ? lists.get(m[2])! : ALL_STRING_TIERS,
  }));
}

describe("string tiers", () => {
  it("put each section in one tier", () => {
    const listed = Object.values(STRING_TIERS).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((s) => !sections.includes(s))).toEqual([]);
  });

  it("hold everything the frame of every screen uses in the entry tier", () => {
    expect(outside([path.join(src, "main.tsx")], ["entry"])).toEqual({});
  });

  it("hold everything each screen uses in the tiers its route asks for", () => {
    const list = screens();
    expect(list.filter((s) => s.tiers.length < ALL_STRING_TIERS.length).length).toBeGreaterThanOrEqual(8);
    for (const screen of list) {
      expect(outside([screen.file], screen.tiers), path.relative(src, screen.file)).toEqual({});
      for (const part of partsOf([screen.file])) expect(outside([part.file], [...screen.tiers, ...part.tiers]), path.relative(src, part.file)).toEqual({});
    }
    // It reads every screen's files: some 5 s on a loaded 2-core machine.
  }, 60_000);

  it("check a screen's part that brings its own strings against them, and the screen without them", () => {
    const flow = path.join(src, "features/taking/flow/TakeTestPage.tsx");
    const parts = partsOf([flow]).map((p) => [path.relative(src, p.file), p.tiers]);
    expect(parts).toContainEqual(["features/taking/flow/Prelude.tsx", ["stages"]]);
    expect(Object.keys(outside([path.join(src, "features/taking/flow/Prelude.tsx")], ["entry", "taking", "flow"]))).toContain("takingStages");
    expect(outside([flow], ["entry", "taking", "flow"])).toEqual({});
  });

  it("catch a screen that uses a section of a tier it does not ask for", () => {
    expect(Object.keys(outside([path.join(src, "features/candidates/CandidatesPage.tsx")], ["entry"]))).toContain("candidates");
  });
});
