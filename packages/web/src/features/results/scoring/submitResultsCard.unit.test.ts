import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derivePermissions, Role } from "@parlance/contract";
import { visibleLinks } from "../../../app/layout/links";
import { TESTING_CARDS } from "../../testing/testingCards";

// The router module needs a browser; its availablePaths list is checked in its source instead.
const routerSource = fs.readFileSync(path.join(import.meta.dirname, "../../../app/router.tsx"), "utf8");
const availablePaths = new Set(["/testing/results"]);

const cardsOf = (role: number) => {
  const held = derivePermissions([role, Role.User], null);
  return visibleLinks(TESTING_CARDS, { can: (p) => held.has(p), signedIn: true, available: availablePaths }).map((c) => c.to);
};

describe("the Submit Test Results card", () => {
  it("links to a screen that exists", () => {
    expect(routerSource).toMatch(/availablePaths = new Set\(\[[^\]]*"\/testing\/results",/);
  });

  it("shows on the Language Testing home of evaluators and Testing Executives (spec §6), and of nobody else", () => {
    expect(cardsOf(Role.Evaluator)).toContain("/testing/results");
    expect(cardsOf(Role.TestingExecutive)).toContain("/testing/results");
    for (const role of [Role.Candidate, Role.TestingAccountAdministrator, Role.TestingOfficeUser, Role.NewsManager]) expect(cardsOf(role), `role ${role}`).not.toContain("/testing/results");
  });
});
