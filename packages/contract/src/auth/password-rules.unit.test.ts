import { describe, expect, it } from "vitest";
import { characterKinds, passwordProblem } from "./password-rules.js";

describe("passwordProblem (activation and reset rules, server and form alike)", () => {
  it("asks for a password first", () => {
    expect(passwordProblem("", "")).toBe("pleaseProvidePassword");
    expect(passwordProblem("", "Something-1")).toBe("pleaseProvidePassword");
  });

  it("then requires both fields to match", () => {
    expect(passwordProblem("Better-pass-42", "Better-pass-43")).toBe("passwordsMustMatch");
    expect(passwordProblem("short", "")).toBe("passwordsMustMatch");
  });

  it("then needs 8 characters and three kinds of character", () => {
    expect(passwordProblem("Short1!", "Short1!")).toBe("passwordTooWeak");
    expect(passwordProblem("alllowercase1", "alllowercase1")).toBe("passwordTooWeak");
    expect(passwordProblem("Lowerupper", "Lowerupper")).toBe("passwordTooWeak");
    expect(passwordProblem("Lowerupper1", "Lowerupper1")).toBeNull();
    expect(passwordProblem("lower-case-1", "lower-case-1")).toBeNull();
    expect(passwordProblem("Better-pass-42", "Better-pass-42")).toBeNull();
  });

  it("counts upper, lower, number and symbol", () => {
    expect(characterKinds("aA1!")).toBe(4);
    expect(characterKinds("密码ab")).toBe(2); // non-Latin letters count as symbols, as on the server
  });
});
