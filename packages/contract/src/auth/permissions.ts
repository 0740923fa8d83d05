import { Role } from "./roles.js";

/**
 * Permission flags. Every route declares one (or `public` / `signedIn`); screens show cards and
 * menu entries by the same flags. Derived only here, from roles and account services.
 */
export const PERMISSIONS = [
  "tests", // Take a Test
  "candidates", // Manage Candidates
  "testHistory",
  "evaluatorSchedule",
  "proctoredTests", // a proctor's proctored online tests (their reservations' tests) and the answers file upload
  "availability", // weekly and individual conflicts (evaluators and proctors: /account/availability)
  "groups", // paper test packages
  "outstandingPaperTests",
  "results", // Submit Test Results
  "assignEvaluators", // route scoreable tests to evaluators by hand (Testing Executives)
  "settings", // Configure Account Settings (account and office administrators)
  "offices", // see and edit offices (an office administrator: their own)
  "manageOffices", // create and delete offices (account administrators)
  "users",
  "packages", // test groups
  "resultRecipients",
  "proctorSettings",
  "setGlobal", // mark test groups and result recipients global
  "creditCardOnFile",
  "refunds", // the provider's staff refund card payments
  "invoices", // the account's (an office user: the office's) invoices: view, download, pay
  "prepay", // order tests in advance under the prepay terms (prepay accounts)
  "chargeTranslation", // the provider's staff charge a translation project to an account
  "languageTesting",
  "training",
  "translation",
  "interpretation",
  "interpreterTraining",
  "rapidTranslation",
  "changePassword",
  "impersonate",
  "viewSession",
  "manageNews",
  "featureFlags",
  "resultVerificationAdmin",
  "evaluatorDocuments",
  "editSchedule",
  "devMailbox", // the developer mailbox (outside production only): it holds every reset link
  "backOffice", // the provider's back office: client accounts, staff users, evaluators (and the other back-office screens)
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const SERVICES = ["testing", "training", "translation", "interpretation"] as const;
export type Service = (typeof SERVICES)[number];

/** The account facts permissions depend on. Provider staff have no account (null). */
export interface AccountServices {
  services: readonly Service[];
  usesProctorService: boolean;
  prepay: boolean;
  invoiced: boolean;
}

const CLIENT_ANY = [
  Role.TestingAccountUser,
  Role.TestingAccountAdministrator,
  Role.TestingOfficeUser,
  Role.TestingOfficeAdministrator,
];
const CLIENT_ADMINS = [Role.TestingAccountAdministrator, Role.TestingOfficeAdministrator];

/** Permissions a role grants by itself, before account services are considered. */
const BY_ROLE: Partial<Record<Permission, readonly number[]>> = {
  tests: [Role.Candidate],
  candidates: CLIENT_ANY,
  testHistory: CLIENT_ANY,
  groups: CLIENT_ANY,
  outstandingPaperTests: CLIENT_ANY,
  evaluatorSchedule: [Role.Evaluator, Role.ServiceProvider],
  proctoredTests: [Role.ServiceProvider],
  // Those whom scheduling books (evaluators, and the proctoring service's providers) keep their conflicts.
  availability: [Role.Evaluator, Role.ServiceProvider],
  results: [Role.Evaluator, Role.TestingExecutive],
  assignEvaluators: [Role.TestingExecutive],
  settings: CLIENT_ADMINS,
  offices: CLIENT_ADMINS,
  manageOffices: [Role.TestingAccountAdministrator],
  users: CLIENT_ADMINS,
  packages: CLIENT_ADMINS,
  resultRecipients: CLIENT_ADMINS,
  proctorSettings: [Role.TestingAccountAdministrator],
  setGlobal: [Role.TestingAccountAdministrator],
  creditCardOnFile: [Role.TestingAccountAdministrator, Role.TestingAccountUser],
  refunds: [Role.Administrator, Role.Accounting],
  invoices: CLIENT_ANY,
  prepay: [Role.TestingAccountAdministrator, Role.TestingAccountUser],
  chargeTranslation: [Role.Administrator, Role.TranslationProjectManager, Role.Accounting],
  changePassword: [Role.User],
  impersonate: [
    Role.TestingExecutive,
    Role.TestingCoordinator,
    Role.SalesRepresentative,
    Role.TestDevelopment,
    Role.InterpretationTraining,
  ],
  viewSession: [Role.Administrator],
  manageNews: [Role.NewsManager, Role.Administrator, Role.TestingExecutive],
  featureFlags: [Role.TestingExecutive],
  resultVerificationAdmin: [Role.TestingExecutive],
  evaluatorDocuments: [Role.Evaluator, Role.TestingExecutive],
  editSchedule: [Role.ServiceProvider],
  devMailbox: [Role.Administrator],
  backOffice: [Role.Administrator, Role.TestingExecutive],
};

/** Testing permissions that a client account only has while it buys testing. */
const NEEDS_TESTING: readonly Permission[] = [
  "candidates",
  "testHistory",
  "groups",
  "outstandingPaperTests",
  "settings",
  "offices",
  "manageOffices",
  "users",
  "packages",
  "resultRecipients",
  "proctorSettings",
];

export function derivePermissions(roles: readonly number[], account: AccountServices | null): Set<Permission> {
  const granted = new Set<Permission>();
  for (const [permission, allowed] of Object.entries(BY_ROLE) as [Permission, readonly number[]][]) {
    if (roles.some((r) => allowed.includes(r))) granted.add(permission);
  }
  if (account) {
    const has = (s: Service) => account.services.includes(s);
    if (!has("testing")) NEEDS_TESTING.forEach((p) => granted.delete(p));
    // Prepay and invoiced accounts do not keep a card on file.
    if (account.prepay || account.invoiced) granted.delete("creditCardOnFile");
    if (!account.prepay) granted.delete("prepay");
    // The service lines are the client's users' (the interpretation request is a client's, scope.ts clientScope):
    // a candidate of the account is not offered them, nor let in.
    if (roles.some((r) => (CLIENT_ANY as readonly number[]).includes(r))) {
      if (has("training")) granted.add("training");
      if (has("translation")) granted.add("translation");
      if (has("interpretation")) granted.add("interpretation");
    }
    // The back office is the provider's: a user of a client account never reaches it, whatever roles they hold.
    granted.delete("backOffice");
  }
  const testingRoles: readonly number[] = [...CLIENT_ANY, Role.Candidate, Role.Evaluator, Role.TestingExecutive, Role.ServiceProvider];
  // Role 14 (User) gates the Language Testing link, together with a testing role.
  if (roles.includes(Role.User) && roles.some((r) => testingRoles.includes(r))) granted.add("languageTesting");
  return granted;
}

/** Departments a user's menu shows, from the account's services (all four for provider staff). */
export function visibleDepartments(account: AccountServices | null): Service[] {
  return account ? SERVICES.filter((s) => account.services.includes(s)) : [...SERVICES];
}
