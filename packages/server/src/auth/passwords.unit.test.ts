import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.js";

describe("argon2id hashing", () => {
  it("verifies the right password only, and a missing hash never", async () => {
    const hash = await hashPassword("Good-Pass-1");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, "Good-Pass-1")).toBe(true);
    expect(await verifyPassword(hash, "Good-Pass-2")).toBe(false);
    expect(await verifyPassword(null, "Good-Pass-1")).toBe(false);
  });
});
