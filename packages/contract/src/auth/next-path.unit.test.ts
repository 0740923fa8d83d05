import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path.js";

describe("safeNextPath", () => {
  it("keeps a path on this site with its query and hash", () => {
    expect(safeNextPath("/testing/settings")).toBe("/testing/settings");
    expect(safeNextPath("/testing/candidates?page=2#top")).toBe("/testing/candidates?page=2#top");
  });

  it("refuses other origins and tricks that browsers read as one", () => {
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "\\\\evil", "javascript:alert(1)", "/\t/evil.example", "/.//evil.example", "/..//evil.example/x", "/a/..//evil.example", "evil", ""]) {
      expect(safeNextPath(bad), bad).toBeNull();
    }
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });

  it("keeps encoded characters encoded: harmless in a Location header", () => {
    expect(safeNextPath("/%0d%0aX")).toBe("/%0d%0aX");
    expect(safeNextPath("/a\nb")).toBeNull();
  });

  it("never sends back to sign-in or sign-out", () => {
    expect(safeNextPath("/login?next=/x")).toBeNull();
    expect(safeNextPath("/logout")).toBeNull();
  });
});
