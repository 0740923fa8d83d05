import { describe, expect, it } from "vitest";
import { derivePermissions, Role } from "@parlance/contract";
import { visibleLinks } from "../../../ui/links";
import { availablePaths } from "../../../ui/availablePaths";
import { TESTING_CARDS } from "../../testing";

const cardsOf = (role: number) => {
  const held = derivePermissions([role, Role.User], null);
  return visibleLinks(TESTING_CARDS, { can: (p) => held.has(p), signedIn: true, available: availablePaths }).map((c) => c.to);
};

describe("the Submit Test Results card", () => {
  it("links to a screen that exists", () => {
    expect(availablePaths.has("/testing/results")).toBe(true);
  });

  it("shows on the Language Testing home of evaluators and Testing Executives (spec §6), and of nobody else", () => {
    expect(cardsOf(Role.Evaluator)).toContain("/testing/results");
    expect(cardsOf(Role.TestingExecutive)).toContain("/testing/results");
    for (const role of [Role.Candidate, Role.TestingAccountAdministrator, Role.TestingOfficeUser, Role.NewsManager]) expect(cardsOf(role), `role ${role}`).not.toContain("/testing/results");
  });
});
