import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "./password-rules.js";
import { userPasswordProblem, USER_PASSWORD_MAX } from "../settings/users.js";
import { PROFILE_PASSWORD_MAX } from "../account/profile.js";

describe("the one password rule: 8 to 25 characters with three kinds", () => {
  it("is the same limits on every form", () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, USER_PASSWORD_MAX, PROFILE_PASSWORD_MAX]).toEqual([8, 25, 25, 25]);
  });

  it("refuses too short, too long and too plain; accepts the rule's edges", () => {
    const at = (n: number) => "Aa1".padEnd(n, "x");
    expect(passwordProblem(at(7), at(7))).toBe("passwordTooWeak");
    expect(passwordProblem(at(8), at(8))).toBeNull();
    expect(passwordProblem(at(25), at(25))).toBeNull();
    expect(passwordProblem(at(26), at(26))).toBe("passwordTooWeak");
    expect(passwordProblem("abcdefghij", "abcdefghij")).toBe("passwordTooWeak");
    expect(userPasswordProblem(at(26))).toBe("passwordTooLong");
    expect(userPasswordProblem("Abcd")).toBe("passwordTooWeak");
  });
});
