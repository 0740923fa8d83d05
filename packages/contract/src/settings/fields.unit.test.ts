import { describe, expect, it } from "vitest";
import { officeEditInput, officeRoutes } from "./offices.js";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe("office input fields", () => {
  it("accepts ids as numbers or numeric strings", () => {
    expect(officeRoutes.delete.input.parse({ id: 7 })).toEqual({ id: 7 });
    expect(officeRoutes.delete.input.parse({ id: " 7 " })).toEqual({ id: 7 });
  });

  it("refuses other ids with one readable message", () => {
    for (const id of ["abc", "7.5", 7.5, 0, -1, true, null, undefined, 2_147_483_648]) {
      expect(firstMessage(officeRoutes.delete.input.safeParse({ id }))).toBe("The office id must be a positive whole number.");
    }
  });

  it("reads an absent, null or 0 edit id as a new office", () => {
    for (const id of [undefined, null, 0, "", "0"]) expect(officeEditInput.parse({ id, name: "A" }).id).toBeUndefined();
  });

  it("defaults the page to 1 and refuses pages below 1", () => {
    expect(officeRoutes.list.input.parse({})).toEqual({ page: 1 });
    expect(officeRoutes.list.input.parse({ page: "3" })).toEqual({ page: 3 });
    for (const page of [0, -2, "x", 1.5]) {
      expect(firstMessage(officeRoutes.list.input.safeParse({ page }))).toBe("The page must be a whole number of at least 1.");
    }
  });

  it("trims the name and keeps Billed Individually optional", () => {
    expect(officeEditInput.parse({ name: "  Boston " })).toEqual({ id: undefined, name: "Boston" });
  });
});
