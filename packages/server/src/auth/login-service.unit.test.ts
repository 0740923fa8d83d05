import { describe, expect, it } from "vitest";
import { isCodeSignIn, redirectAfterSignIn } from "./login-service.js";

describe("redirectAfterSignIn", () => {
  const who = (method: "password" | "access_code", roles: number[]) => ({ userId: 1, accountId: 1, roles, method });
  it("sends a candidate signed in by code to their tests, others to the overview", () => {
    expect(redirectAfterSignIn(who("access_code", [10, 14]), undefined)).toBe("/testing");
    // With the code's test known, its page: the test the code was given for opens at once.
    const byCode = { ...who("access_code", [10, 14]), code: { candidateId: 5, assignedTestId: 42, testPath: "/testing/tests/42" } };
    expect(redirectAfterSignIn(byCode, undefined)).toBe("/testing/tests/42");
    expect(redirectAfterSignIn(byCode, "/testing/tests")).toBe("/testing/tests");
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
