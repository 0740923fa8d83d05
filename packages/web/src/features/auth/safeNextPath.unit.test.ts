import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safeNextPath";

describe("safeNextPath", () => {
  it("keeps a path on this site with its query and hash", () => {
    expect(safeNextPath("/testing/settings")).toBe("/testing/settings");
    expect(safeNextPath("/testing/candidates?page=2#top")).toBe("/testing/candidates?page=2#top");
  });

  it("refuses other origins and tricks that browsers read as one", () => {
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "\\\\evil", "javascript:alert(1)", "/\t/evil.example", "evil", ""]) {
      expect(safeNextPath(bad), bad).toBeNull();
    }
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });

  it("never sends back to sign-in or sign-out", () => {
    expect(safeNextPath("/login?next=/x")).toBeNull();
    expect(safeNextPath("/logout")).toBeNull();
  });
});
