import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * An access code opens one test: every candidate-side query restricts with ownAssignedTests (or a
 * helper built on it). ownCandidateProfiles reaches the whole profile, so only the files below may
 * call it, each for the reason given; a new caller fails here until it is argued for.
 */
const ALLOWED: Record<string, string> = {
  "auth/scope.ts": "defines it, and ownAssignedTests is built on it",
  "scheduling/held-test.ts":
    "schedulableCandidates: the candidate row of a held test; every query of the tests adds schedulableTests (ownAssignedTests), and profile-level data refuses code sessions (profileCandidate)",
  "proctoring/reservations/fee-source.ts": "reservations, not tests: a code session's fees are restricted to sittings that hold the code's test (EXISTS on the code test)",
};

const root = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") && !e.name.includes(".test.") && !e.name.includes("test-") ? [path] : [];
  });
}

const callers = sources(root)
  .filter((path) => /\bownCandidateProfiles\s*\(/.test(readFileSync(path, "utf8")))
  .map((path) => relative(root, path).split("\\").join("/"))
  .sort();

describe("candidate-side queries go through ownAssignedTests", () => {
  it("only the allow-listed files call ownCandidateProfiles directly", () => {
    expect(callers.filter((file) => !(file in ALLOWED))).toEqual([]);
  });

  it("the allow-list names no file that no longer calls it (a stale reason would hide a new caller)", () => {
    expect(Object.keys(ALLOWED).filter((file) => !callers.includes(file))).toEqual([]);
  });

  it("finds the callers it is meant to find", () => {
    expect(callers).toContain("auth/scope.ts");
  });
});
