import { describe, expect, it } from "vitest";
import { isCodeSignIn, redirectAfterSignIn, safeNextPath } from "./login-service.js";

describe("safeNextPath", () => {
  it("keeps paths on this site", () => {
    expect(safeNextPath("/testing")).toBe("/testing");
    expect(safeNextPath("/testing/settings?tab=1#x")).toBe("/testing/settings?tab=1#x");
  });

  it("drops anything that could leave the site or loop", () => {
    for (const bad of [undefined, "", "testing", "https://evil.example", "//evil.example", "/\\evil.example", "/login", "/logout?x=1", "/a\nb", "javascript:alert(1)"]) {
      expect(safeNextPath(bad), String(bad)).toBeNull();
    }
    // Encoded characters stay encoded: harmless in a Location header.
    expect(safeNextPath("/%0d%0aX")).toBe("/%0d%0aX");
  });
});

describe("redirectAfterSignIn", () => {
  const who = (method: "password" | "access_code", roles: number[]) => ({ userId: 1, accountId: 1, roles, method });
  it("sends a candidate signed in by code to their tests, others to the overview", () => {
    expect(redirectAfterSignIn(who("access_code", [10, 14]), undefined)).toBe("/testing");
    expect(redirectAfterSignIn(who("password", [10, 14]), undefined)).toBe("/overview");
    expect(redirectAfterSignIn(who("password", [16, 14]), "/testing/settings")).toBe("/testing/settings");
  });
});

describe("isCodeSignIn", () => {
  it("uses the code only when no email address is given", () => {
    expect(isCodeSignIn({ access_code: "X" })).toBe(true);
    expect(isCodeSignIn({ access_code: "" })).toBe(true);
    expect(isCodeSignIn({ email_address: "a@b.c", password: "x", access_code: "X" })).toBe(false);
    expect(isCodeSignIn({ email_address: "a@b.c" })).toBe(false);
  });
});
