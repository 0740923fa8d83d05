import { describe, expect, it } from "vitest";
import { derivePermissions, Role, visibleDepartments, type AccountServices } from "@parlance/contract";

const full: AccountServices = { services: ["testing", "training", "translation", "interpretation"], usesProctorService: true, prepay: false, invoiced: false };
const has = (roles: number[], account: AccountServices | null = full) => derivePermissions(roles, account);

describe("derivePermissions", () => {
  it("gives an account administrator the account's settings, offices and office management", () => {
    const p = has([Role.TestingAccountAdministrator, Role.User]);
    for (const flag of ["settings", "offices", "manageOffices", "users", "packages", "resultRecipients", "proctorSettings", "setGlobal", "candidates", "changePassword", "languageTesting"] as const) {
      expect(p.has(flag), flag).toBe(true);
    }
    expect(p.has("tests")).toBe(false);
  });

  it("gives an office administrator settings and offices but not office management", () => {
    const p = has([Role.TestingOfficeAdministrator, Role.User]);
    expect(p.has("settings")).toBe(true);
    expect(p.has("offices")).toBe(true);
    expect(p.has("manageOffices")).toBe(false);
    expect(p.has("proctorSettings")).toBe(false);
  });

  it("gives account and office users the client screens without settings", () => {
    for (const role of [Role.TestingAccountUser, Role.TestingOfficeUser]) {
      const p = has([role, Role.User]);
      expect(p.has("candidates")).toBe(true);
      expect(p.has("testHistory")).toBe(true);
      expect(p.has("settings")).toBe(false);
    }
  });

  it("follows the spec's staff roles", () => {
    expect(has([Role.Candidate], full).has("tests")).toBe(true);
    expect(has([Role.Evaluator], null).has("results")).toBe(true);
    expect(has([Role.Evaluator], null).has("evaluatorDocuments")).toBe(true);
    expect(has([Role.Administrator], null).has("viewSession")).toBe(true);
    expect(has([Role.Administrator], null).has("impersonate")).toBe(false);
    for (const role of [4, 5, 13, 34, 40]) expect(has([role], null).has("impersonate"), String(role)).toBe(true);
    for (const role of [0, 1, 4]) expect(has([role], null).has("manageNews"), String(role)).toBe(true);
    expect(has([Role.TestingExecutive], null).has("featureFlags")).toBe(true);
    expect(has([Role.ServiceProvider], null).has("editSchedule")).toBe(true);
  });

  it("opens the back office to the provider's Administrators and Testing Executives only", () => {
    for (const role of [Role.Administrator, Role.TestingExecutive]) expect(has([role, Role.User], null).has("backOffice"), String(role)).toBe(true);
    for (const role of [Role.NewsManager, Role.Evaluator, Role.ServiceProvider, Role.Candidate, Role.TestingAccountAdministrator]) {
      expect(has([role, Role.User], null).has("backOffice"), String(role)).toBe(false);
    }
    // Never a client account's user, whatever roles they hold.
    expect(has([Role.Administrator, Role.TestingAccountAdministrator], full).has("backOffice")).toBe(false);
  });

  it("shows Change password only with role 14, and Language Testing only with role 14 and a testing role", () => {
    expect(has([Role.TestingAccountUser]).has("changePassword")).toBe(false);
    expect(has([Role.TestingAccountUser]).has("languageTesting")).toBe(false);
    expect(has([Role.User], null).has("languageTesting")).toBe(false);
    expect(has([Role.User, Role.Evaluator], null).has("languageTesting")).toBe(true);
  });

  it("gives the service lines of the account to its client users, never to its candidates (issue 23)", () => {
    for (const role of [Role.TestingAccountUser, Role.TestingOfficeAdministrator]) {
      for (const flag of ["training", "translation", "interpretation"] as const) expect(has([role, Role.User]).has(flag), `${role} ${flag}`).toBe(true);
    }
    for (const flag of ["training", "translation", "interpretation"] as const) expect(has([Role.Candidate, Role.User]).has(flag), flag).toBe(false);
  });

  it("takes the testing screens away from an account that does not buy testing", () => {
    const p = has([Role.TestingAccountAdministrator, Role.User], { ...full, services: ["translation"] });
    expect(p.has("settings")).toBe(false);
    expect(p.has("candidates")).toBe(false);
    expect(p.has("translation")).toBe(true);
    expect(p.has("training")).toBe(false);
  });

  it("keeps a card on file only for accounts paying by card", () => {
    expect(has([Role.TestingAccountUser]).has("creditCardOnFile")).toBe(true);
    expect(has([Role.TestingAccountUser], { ...full, prepay: true }).has("creditCardOnFile")).toBe(false);
    expect(has([Role.TestingAccountUser], { ...full, invoiced: true }).has("creditCardOnFile")).toBe(false);
  });
});

describe("visibleDepartments", () => {
  it("lists the account's services, all four for staff", () => {
    expect(visibleDepartments({ ...full, services: ["testing", "translation"] })).toEqual(["testing", "translation"]);
    expect(visibleDepartments(null)).toEqual(["testing", "training", "translation", "interpretation"]);
  });
});
