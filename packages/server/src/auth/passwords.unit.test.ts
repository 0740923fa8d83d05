import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.js";

describe("passwordProblem (activation and reset rules)", () => {
  it("asks for a password first", () => {
    expect(passwordProblem("", "")).toBe("pleaseProvidePassword");
    expect(passwordProblem("", "Good-Pass-1")).toBe("pleaseProvidePassword");
  });

  it("needs both fields equal", () => {
    expect(passwordProblem("Good-Pass-1", "Good-Pass-2")).toBe("passwordsMustMatch");
    expect(passwordProblem("Good-Pass-1", "")).toBe("passwordsMustMatch");
  });

  it("needs 8 characters", () => {
    expect(passwordProblem("Ab1!xyz", "Ab1!xyz")).toBe("passwordTooWeak");
    expect(passwordProblem("Ab1!xyzw", "Ab1!xyzw")).toBeNull();
  });

  it("needs three of upper case, lower case, number and symbol", () => {
    for (const weak of ["abcdefgh", "ABCDEFGH", "12345678", "abcd1234", "ABCD!!!!", "abcd!@#$", "ABCD1234"]) {
      expect(passwordProblem(weak, weak), weak).toBe("passwordTooWeak");
    }
    for (const strong of ["Abcd1234", "abcd12!!", "ABCD12!!", "Abcdefg!", "pass word 1A"]) {
      expect(passwordProblem(strong, strong), strong).toBeNull();
    }
  });
});

describe("argon2id hashing", () => {
  it("verifies the right password only, and a missing hash never", async () => {
    const hash = await hashPassword("Good-Pass-1");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, "Good-Pass-1")).toBe(true);
    expect(await verifyPassword(hash, "Good-Pass-2")).toBe(false);
    expect(await verifyPassword(null, "Good-Pass-1")).toBe(false);
  });
});
