/**
 * The role catalogue (evaluators-results-account.md §6). Numbers are stored on users; names are
 * shown on the session page and in i18n under `roles.<number>`.
 */
export const ROLE_NAMES: Readonly<Record<number, string>> = {
  0: "Administrator",
  1: "News Manager",
  2: "Translation Project Manager",
  3: "Executive",
  4: "Testing Executive",
  5: "Testing Coordinator",
  6: "Reviewer",
  7: "Client",
  8: "Translation Client",
  9: "Testing Client",
  10: "Candidate",
  11: "Translation Vendor",
  12: "Evaluator",
  13: "Sales Representative",
  14: "User",
  15: "Testing Account User",
  16: "Testing Account Administrator",
  17: "Testing Office User",
  18: "Testing Office Administrator",
  19: "Service Provider",
  20: "Accounting",
  21: "Training Client",
  22: "Training Coordinator",
  23: "Contact Base",
  24: "CRM Read Only",
  25: "User Base",
  26: "Testing Base",
  27: "CRM",
  28: "Solutions Project Manager",
  29: "Solutions Client",
  30: "Solutions Vendor",
  31: "Translation Executive",
  32: "Solutions Executive",
  33: "Translation Projects ReadOnly",
  34: "Test Development",
  // The spec lists the six interpretation names for 35–40 "in that order of names".
  35: "Interpretation Project Manager",
  36: "Interpretation Client",
  37: "Interpretation Vendor",
  38: "Interpretation Executive",
  39: "Interpretation Projects ReadOnly",
  40: "Interpretation Training",
  41: "Training Executive",
};

/** Any number outside the catalogue reads as this name. */
export const FALLBACK_ROLE_NAME = "Rapid Translation Client";

export const ROLE_COUNT = 42;

export const Role = {
  Administrator: 0,
  NewsManager: 1,
  TranslationProjectManager: 2,
  TestingExecutive: 4,
  TestingCoordinator: 5,
  Candidate: 10,
  Evaluator: 12,
  SalesRepresentative: 13,
  User: 14,
  TestingAccountUser: 15,
  TestingAccountAdministrator: 16,
  TestingOfficeUser: 17,
  TestingOfficeAdministrator: 18,
  ServiceProvider: 19,
  Accounting: 20,
  TestDevelopment: 34,
  InterpretationTraining: 40,
} as const;

export function roleName(role: number): string {
  return ROLE_NAMES[role] ?? FALLBACK_ROLE_NAME;
}

/** The four client roles that belong to a client account (and, for office roles, an office). */
export const CLIENT_ROLES: readonly number[] = [
  Role.TestingAccountUser,
  Role.TestingAccountAdministrator,
  Role.TestingOfficeUser,
  Role.TestingOfficeAdministrator,
];
export const OFFICE_ROLES: readonly number[] = [Role.TestingOfficeUser, Role.TestingOfficeAdministrator];
