import { describe, expect, it } from "vitest";
import { derivePermissions, Role, type AccountServices } from "@parlance/contract";
import { visibleLinks } from "../../ui/links";
import { QUICK_LINKS } from "../overview";
import { TESTING_CARDS } from "./testingCards";

const account: AccountServices = { services: ["testing"], usesProctorService: false, prepay: false, invoiced: false };
const canOf = (role: number) => {
  const held = derivePermissions([role, Role.User], account);
  return (p: Parameters<typeof held.has>[0]) => held.has(p);
};
const CLIENT_ROLES = [Role.TestingAccountUser, Role.TestingAccountAdministrator, Role.TestingOfficeUser, Role.TestingOfficeAdministrator];

describe("Manage Candidates and View Test History", () => {
  const withCandidates = new Set(["/testing", "/testing/settings", "/testing/candidates", "/testing/candidates/tests"]);

  it("show on the Language Testing home and the overview of every client role once their screens exist", () => {
    for (const role of CLIENT_ROLES) {
      const opts = { can: canOf(role), signedIn: true, available: withCandidates };
      const cards = visibleLinks(TESTING_CARDS, opts).map((c) => c.to);
      expect(cards.slice(0, 2), `role ${role}`).toEqual(["/testing/candidates", "/testing/candidates/tests"]);
      const links = visibleLinks(QUICK_LINKS, opts).map((l) => l.to);
      expect(links, `role ${role}`).toEqual(expect.arrayContaining(["/testing/candidates", "/testing/candidates/tests"]));
    }
  });

  it("stay hidden while the screens are missing, and from a candidate", () => {
    const none = visibleLinks(TESTING_CARDS, { can: canOf(Role.TestingAccountAdministrator), signedIn: true, available: new Set(["/testing/settings"]) });
    expect(none.map((c) => c.to)).toEqual(["/testing/settings"]);
    const candidate = visibleLinks(TESTING_CARDS, { can: canOf(Role.Candidate), signedIn: true, available: withCandidates });
    expect(candidate).toEqual([]);
  });
});
