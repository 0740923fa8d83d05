import { describe, expect, it } from "vitest";
import { parseOfficeId } from "./officePaths";

describe("parseOfficeId", () => {
  it("reads a positive whole number from the path", () => {
    expect(parseOfficeId("1")).toBe(1);
    expect(parseOfficeId("2147483647")).toBe(2_147_483_647);
  });

  it("reads anything else as no office (shown as not found, without asking the server)", () => {
    for (const v of [undefined, "", "0", "abc", "1.5", "-3", "12abc", "2147483648", "99999999999"]) expect(parseOfficeId(v)).toBeNull();
  });
});
