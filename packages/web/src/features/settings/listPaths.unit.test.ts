import { describe, expect, it } from "vitest";
import { backPath, editRecordPath, listPath, newRecordPath, parseRecordId } from "./listPaths";

describe("settings list paths", () => {
  it("are the spec's paths at account and office level", () => {
    expect(listPath("users", null)).toBe("/testing/settings/users");
    expect(newRecordPath("packages", null)).toBe("/testing/settings/packages/new");
    expect(editRecordPath("resultrecipients", null, 7)).toBe("/testing/settings/resultrecipients/7/edit");
    expect(listPath("users", 3)).toBe("/testing/settings/offices/3/users");
    expect(newRecordPath("users", 3)).toBe("/testing/settings/offices/3/users/new");
    expect(editRecordPath("packages", 3, 9)).toBe("/testing/settings/offices/3/packages/9/edit");
  });

  it("read record ids strictly", () => {
    expect(parseRecordId("12")).toBe(12);
    for (const bad of ["0", "-1", "1e3", "abc", "", undefined, "99999999999"]) expect(parseRecordId(bad)).toBeNull();
  });

  it("go back only to a settings page", () => {
    expect(backPath({ from: "/testing/settings/offices/3?tab=users" }, "/x")).toBe("/testing/settings/offices/3?tab=users");
    for (const state of [null, undefined, {}, { from: "https://evil.example/" }, { from: "//evil.example" }, { from: 3 }]) {
      expect(backPath(state, "/testing/settings/users")).toBe("/testing/settings/users");
    }
  });
});
