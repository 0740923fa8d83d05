import { describe, expect, it } from "vitest";
import { derivePermissions, Role, type AccountServices } from "@parlance/contract";
import { mayOpen, offered, reachable, SCREENS, screenAt, type Caller, type Place } from "./screens";

/** The screen table (issue 23 §1): who is offered what, where, and that every screen has a way in. */

const northwind: AccountServices = { services: ["testing", "training", "translation", "interpretation"], usesProctorService: true, prepay: false, invoiced: false };
const fabrikam: AccountServices = { services: ["testing"], usesProctorService: false, prepay: true, invoiced: false };
const callerOf = (roles: number[], account: AccountServices | null = northwind): Caller => {
  const held = derivePermissions(roles, account);
  return { can: (p) => held.has(p), signedIn: true };
};
const visitor: Caller = { can: () => false, signedIn: false };
const at = (place: Place, caller: Caller) => offered(place, caller).map((o) => o.to);

const CLIENT_ROLES = [Role.TestingAccountUser, Role.TestingAccountAdministrator, Role.TestingOfficeUser, Role.TestingOfficeAdministrator];
const candidate = callerOf([Role.Candidate, Role.User]);
const evaluator = callerOf([Role.Evaluator, Role.User], null);
const proctor = callerOf([Role.ServiceProvider, Role.User], null);
const executive = callerOf([Role.TestingExecutive, Role.User], null);

describe("the Language Testing home's cards (client-administration.md §2)", () => {
  it("are in the spec's order", () => {
    const all = { can: () => true, signedIn: true };
    expect(at("testing", all)).toEqual([
      "/testing/tests",
      "/testing/candidates",
      "/testing/candidates/tests",
      "/testing/evaluators/schedule",
      "/testing/groups",
      "/testing/candidates/outstanding_paper_tests",
      "/testing/results",
      "/testing/settings",
    ]);
  });

  it("offer Scheduled Tests to evaluators and proctors, with their quick link, and Submit Test Results to evaluators and Testing Executives", () => {
    for (const who of [evaluator, proctor]) {
      expect(at("testing", who)).toContain("/testing/evaluators/schedule");
      expect(at("overview", who)).toContain("/testing/evaluators/schedule");
      expect(at("header", who)).toContain("/testing");
    }
    expect(at("testing", evaluator)).toContain("/testing/results");
    expect(at("testing", executive)).toContain("/testing/results");
    expect(at("testing", proctor)).not.toContain("/testing/results");
  });

  it("offer Manage Candidates and View Test History to every client role, and only Take a Test to a candidate", () => {
    for (const role of CLIENT_ROLES) {
      const who = callerOf([role, Role.User]);
      expect(at("testing", who).slice(0, 2), `role ${role}`).toEqual(["/testing/candidates", "/testing/candidates/tests"]);
      expect(at("overview", who), `role ${role}`).toEqual(expect.arrayContaining(["/testing/candidates", "/testing/candidates/tests"]));
    }
    expect(at("testing", candidate)).toEqual(["/testing/tests"]);
  });
});

describe("the header and the account menu", () => {
  it("follow the spec's account menu order, Sign in only to a visitor", () => {
    const all = { can: () => true, signedIn: true };
    expect(at("account", all)).toEqual([
      "/overview",
      "/account/availability",
      "/account/payment_methods",
      "/account/invoices",
      "/account/profile",
      "/contact",
      "/news",
      "/training",
      "/translation",
      "/interpretation",
      "/help/",
      "/dev/mailbox",
      "/dev/phone",
    ]);
    expect(at("account", visitor)).toEqual(["/help/", "/login"]);
    expect(at("header", visitor)).toEqual([]);
  });

  it("offer a candidate no service line (the server refuses it the interpretation request), a client user all the account has", () => {
    for (const place of ["header", "account"] as const) {
      for (const line of ["/training", "/translation", "/interpretation"]) {
        expect(at(place, candidate), `${place} ${line}`).not.toContain(line);
        expect(at(place, callerOf([Role.TestingOfficeUser, Role.User])), `${place} ${line}`).toContain(line);
      }
    }
    expect(at("header", candidate)).toEqual(["/overview", "/testing", "/news"]);
  });

  it("offer the prepay order to a prepay account's users only", () => {
    expect(at("overview", callerOf([Role.TestingAccountAdministrator, Role.User], fabrikam))).toContain("/testing/prepay");
    expect(at("overview", callerOf([Role.TestingAccountAdministrator, Role.User]))).not.toContain("/testing/prepay");
  });
});

describe("the administration home", () => {
  it("is offered and opened only with one of its cards", () => {
    const admin = screenAt("/admin")!;
    expect(mayOpen(admin, callerOf([Role.NewsManager, Role.User], null))).toBe(true);
    expect(at("admin", callerOf([Role.Administrator, Role.User], null))).toEqual(["/admin/news", "/session", "/admin/accounts", "/admin/staff", "/admin/evaluators", "/admin/tests"]);
    for (const who of [evaluator, candidate, callerOf([Role.TestingAccountAdministrator, Role.User])]) {
      expect(mayOpen(admin, who)).toBe(false);
      expect(at("overview", who)).not.toContain("/admin");
    }
  });
});

describe("every screen", () => {
  const paths = new Set(SCREENS.map((s) => s.path));

  it("has a way in: an entry in a menu or on a home, or the screen (or mail) that links to it", () => {
    for (const s of SCREENS) {
      expect(s.at !== undefined || s.from !== undefined, s.path).toBe(true);
      if (s.from && s.from !== "mail" && s.from !== "header") expect(paths.has(s.from), `${s.path} from ${s.from}`).toBe(true);
    }
  });

  it("offers entries only to addresses without parameters, each of its own screen", () => {
    for (const s of SCREENS.filter((r) => r.at)) {
      const to = s.to ?? s.path;
      expect(to, s.path).not.toContain(":");
      expect(screenAt(to), to).toBe(s);
    }
  });

  it("tells a link inside a screen whether the caller may follow it", () => {
    expect(reachable("/testing/candidates/12?tab=tests", callerOf([Role.TestingOfficeUser, Role.User]))).toBe(true);
    expect(reachable("/testing/candidates/12", candidate)).toBe(false);
    expect(reachable("/contact", visitor)).toBe(false);
    expect(reachable("/help/candidate", visitor)).toBe(true);
    expect(reachable("/no/such/screen", executive)).toBe(false);
    expect(screenAt("/testing/candidates/new")!.path).toBe("/testing/candidates/new");
  });
});
