import { describe, expect, it } from "vitest";
import { derivePermissions, Role, type AccountServices } from "@parlance/contract";
import { mayOpen as mayOpenIn, offered, type Caller, type Place, type Screen } from "../ui/screens";
import { reachable as reachableIn, screenAt as screenAtIn } from "../ui/reachable";
import { SCREENS } from "./router";

/** The screen table (issue 23 §1): who is offered what, where, and that every screen has a way in. */

const mayOpen = (screen: Screen, caller: Caller) => mayOpenIn(SCREENS, screen, caller);
const reachable = (href: string, caller: Caller) => reachableIn(SCREENS, href, caller);
const screenAt = (href: string) => screenAtIn(SCREENS, href);

const northwind: AccountServices = { services: ["testing", "training", "translation", "interpretation"], usesProctorService: true, prepay: false, invoiced: false };
const fabrikam: AccountServices = { services: ["testing"], usesProctorService: false, prepay: true, invoiced: false };
const callerOf = (roles: number[], account: AccountServices | null = northwind): Caller => {
  const held = derivePermissions(roles, account);
  return { can: (p) => held.has(p), signedIn: true };
};
const visitor: Caller = { can: () => false, signedIn: false };
const at = (place: Place, caller: Caller) => offered(SCREENS, place, caller).map((o) => o.to);

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
      "/testing/proctor/tests",
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
    // Proctored Tests (ours, issue 27): the proctor's alone, on the testing home and the overview.
    expect(at("testing", proctor)).toContain("/testing/proctor/tests");
    expect(at("overview", proctor)).toContain("/testing/proctor/tests");
    for (const who of [evaluator, executive, candidate, callerOf([Role.TestingAccountAdministrator, Role.User])]) expect(at("testing", who)).not.toContain("/testing/proctor/tests");
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

/**
 * The way into each screen no menu or home offers: the screen whose links lead to it ("mail": the
 * link of an e-mail; "header": the product name).
 */
const WAYS_IN: Record<string, string> = {
  "/testing/tests/choose_account/:ids": "/testing/tests",
  "/testing/tests/:aid/live": "/testing/tests",
  "/testing/tests/:id": "/testing/tests",
  "/testing/track/test/:id": "/testing/tests",
  "/testing/tests/:id/call": "/testing/tests",
  "/testing/tests/:id/web_call": "/testing/tests",
  "/testing/payment/:ref/purchase": "/testing/tests",
  "/testing/candidates/new": "/testing/candidates",
  "/testing/candidates/create": "/testing/candidates",
  "/testing/candidates/:id": "/testing/candidates",
  "/testing/candidates/:id/edit": "/testing/candidates/:id",
  "/testing/candidates/:id/update": "/testing/candidates/:id",
  "/testing/candidates/:id/notify": "/testing/candidates/:id",
  "/testing/candidates/:id/activate": "/testing/candidates/:id",
  "/testing/candidates/upload": "/testing/candidates",
  "/testing/candidates/changes": "/testing/candidates",
  "/testing/candidates/preview": "/testing/candidates/upload",
  "/testing/candidates/confirm": "/testing/candidates/preview",
  "/testing/candidates/healthcare_roles": "/testing/candidates/:id",
  "/testing/track/:id": "/testing/candidates/:id",
  "/testing/candidates/:id/scheduledtest/:testId": "/testing/tests",
  "/testing/candidates/:id/scheduledtest/:testId/request": "/testing/tests",
  "/testing/proctor/schedule/:id": "/testing/tests",
  "/testing/proctor/contact_details/:id": "/testing/proctor/schedule/:id",
  "/testing/proctor/terms": "/testing/proctor/schedule/:id",
  "/testing/evaluators/confirm": "/testing/evaluators/schedule",
  "/testing/evaluators/confirmation_status/:id": "/testing/evaluators/schedule",
  "/testing/evaluators/decline/:id": "/testing/evaluators/confirmation_status/:id",
  "/testing/evaluators/administer/:id": "/testing/evaluators/confirmation_status/:id",
  "/testing/proctor/tests/:id": "/testing/proctor/tests",
  "/testing/groups/alert/:key": "mail",
  "/testing/groups/:key": "/testing/groups",
  "/testing/results/:id/edit": "/testing/results",
  "/testing/results/:id/noshow": "/testing/results/:id/edit",
  "/testing/settings/offices": "/testing/settings",
  "/testing/settings/offices/new": "/testing/settings",
  "/testing/settings/offices/:id": "/testing/settings",
  "/testing/settings/offices/:id/edit": "/testing/settings/offices/:id",
  "/testing/prepay/terms": "/testing/prepay",
  "/testing/prepay/thank_you/:id": "/testing/prepay",
  "/testing/contact_to_schedule": "/testing/prepay/thank_you/:id",
  "/testing/contact_to_schedule/:kind": "/testing/proctor/schedule/:id",
  "/invoice/:id": "/account/invoices",
  "/translation/projects/charge/:id": "mail",
  "/translation/projects/charge/:id/complete": "/translation/projects/charge/:id",
  "/admin/news/create": "/admin/news",
  "/admin/news/:id/edit": "/admin/news",
  "/admin/accounts/new": "/admin/accounts",
  "/admin/accounts/:id/edit": "/admin/accounts/:id",
  "/admin/accounts/:id": "/admin/accounts",
  "/admin/staff/new": "/admin/staff",
  "/admin/staff/:id": "/admin/staff",
  "/admin/evaluators/new": "/admin/evaluators",
  "/admin/evaluators/:id": "/admin/evaluators",
  "/admin/tests/new": "/admin/tests",
  "/admin/tests/:id/edit": "/admin/tests/:id",
  "/admin/tests/:id": "/admin/tests",
  "/news/:slug": "/news",
  "/help/documents": "/help/:guide?",
  "/": "header",
  "/assistance": "/login",
  "/set_reset_password": "mail",
  "/setup_account/:key": "mail",
  "/testing/scales": "/help/:guide?",
  "/testing/results/verify": "/login",
  "/testing/results/verified/:key": "/testing/results/verify",
  "/invoices/pay/:key": "mail",
  "/invoices/pay/:key/confirmation": "/invoices/pay/:key",
  "/testing/policy": "/testing/payment/:ref/purchase",
  "/testing/payment/policy": "/testing/payment/:ref/purchase",
  "/testing/settings/users/new": "/testing/settings/users",
  "/testing/settings/users/:id/edit": "/testing/settings/users",
  "/testing/settings/packages/new": "/testing/settings/packages",
  "/testing/settings/packages/:id/edit": "/testing/settings/packages",
  "/testing/settings/resultrecipients/new": "/testing/settings/resultrecipients",
  "/testing/settings/resultrecipients/:id/edit": "/testing/settings/resultrecipients",
  "/testing/settings/offices/:officeId/users": "/testing/settings/offices/:id",
  "/testing/settings/offices/:officeId/users/new": "/testing/settings/offices/:officeId/users",
  "/testing/settings/offices/:officeId/users/:id/edit": "/testing/settings/offices/:officeId/users",
  "/testing/settings/offices/:officeId/packages": "/testing/settings/offices/:id",
  "/testing/settings/offices/:officeId/packages/new": "/testing/settings/offices/:officeId/packages",
  "/testing/settings/offices/:officeId/packages/:id/edit": "/testing/settings/offices/:officeId/packages",
  "/testing/settings/offices/:officeId/resultrecipients": "/testing/settings/offices/:id",
  "/testing/settings/offices/:officeId/resultrecipients/new": "/testing/settings/offices/:officeId/resultrecipients",
  "/testing/settings/offices/:officeId/resultrecipients/:id/edit": "/testing/settings/offices/:officeId/resultrecipients",
};

describe("every screen", () => {
  const paths = new Set(SCREENS.map((s) => s.path));

  it("has a way in: an entry in a menu or on a home, or the screen (or mail) that links to it", () => {
    for (const s of SCREENS) {
      const from = WAYS_IN[s.path];
      expect(s.at !== undefined ? undefined : from, `${s.path}: offered (at), or linked from a screen (WAYS_IN), not both`).toBe(from);
      expect(s.at !== undefined || from !== undefined, s.path).toBe(true);
      if (from && from !== "mail" && from !== "header") expect(paths.has(from), `${s.path} from ${from}`).toBe(true);
    }
    expect(Object.keys(WAYS_IN).filter((p) => !paths.has(p))).toEqual([]);
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
