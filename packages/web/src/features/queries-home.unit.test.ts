import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A data hook lives in its folder's queries.ts (issue 25 §5): a screen calls `useUserList(…)`,
 * never react-query's useQuery/useMutation itself, so keys, retries and invalidations are found
 * in one place per feature. This reads every source file of the web app (tests aside).
 */
const src = path.resolve(import.meta.dirname, "..");

/** Files other than queries.ts(x) that may call react-query's hooks, each with why. */
const ALLOWED: Record<string, string> = {
  // None today: api/queries.tsx (the query client) and ui/RemoteData.tsx (renders a query's
  // states, types only) are infrastructure but call no hook; a new one is listed here with its reason.
};

const HOOK_CALL = /\buse(?:Suspense)?(?:Query|Mutation|InfiniteQuery|Queries)\s*[(<]/;
/** Importing them (under another name too) from react-query counts as well. */
const HOOK_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"@tanstack\/react-query"/g;
const HOOK_NAME = /^use(?:Suspense)?(?:Query|Mutation|InfiniteQuery|Queries)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The hooks a file calls or imports from react-query, if any. */
function reactQueryHooksIn(text: string): boolean {
  if (HOOK_CALL.test(text)) return true;
  return [...text.matchAll(HOOK_IMPORT)].some((m) => m[1]!.split(",").some((name) => HOOK_NAME.test(name.trim())));
}

describe("data hooks live in queries.ts", () => {
  it("no other file calls useQuery, useMutation, useInfiniteQuery or useQueries", () => {
    const offenders = sourceFiles(src)
      .map((f) => path.relative(src, f).split(path.sep).join("/"))
      .filter((rel) => !/(^|\/)queries\.tsx?$/.test(rel) && !(rel in ALLOWED))
      .filter((rel) => reactQueryHooksIn(readFileSync(path.join(src, rel), "utf8")));
    expect(offenders, "move the hook into the folder's queries.ts as a named hook (e.g. useSaveProfile)").toEqual([]);
  });

  it("sees a call, a typed call and an import", () => {
    expect(reactQueryHooksIn("const q = useQuery({ queryKey: [] });")).toBe(true);
    expect(reactQueryHooksIn("const m = useMutation<A, unknown, string>({});")).toBe(true);
    expect(reactQueryHooksIn('import { keepPreviousData, useQueries as all } from "@tanstack/react-query";')).toBe(true);
    expect(reactQueryHooksIn('import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";\nconst q = useUserList(1);')).toBe(false);
  });

  it("lists only files that exist", () => {
    for (const rel of Object.keys(ALLOWED)) expect(sourceFiles(src).map((f) => path.relative(src, f).split(path.sep).join("/"))).toContain(rel);
  });
});
