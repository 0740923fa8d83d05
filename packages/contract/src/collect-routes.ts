import type { RouteDef } from "./route.js";

/**
 * Every route definition among a module's exported route groups (objects of defineRoute entries).
 * Used for the API docs and for the test that the server serves nothing undeclared.
 */
export function collectRoutes(moduleExports: Record<string, unknown>): RouteDef[] {
  const found: RouteDef[] = [];
  for (const value of Object.values(moduleExports)) {
    if (!value || typeof value !== "object") continue;
    for (const entry of Object.values(value as Record<string, unknown>)) {
      const r = entry as Partial<RouteDef> | null;
      if (r && typeof r === "object" && typeof r.path === "string" && typeof r.method === "string" && "access" in r) found.push(r as RouteDef);
    }
  }
  return found;
}
