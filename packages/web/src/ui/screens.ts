import type { Permission } from "@parlance/contract";
import { useStartup } from "./startup";

/**
 * The one table of the web app's screens (issue 23 §1): who may open each one and where it is
 * offered. The router's guards (app/router.tsx), the header, the account menu and the phone drawer
 * (app/layout), the Language Testing home's cards, the overview's quick links, the administration
 * and settings homes' cards and the breadcrumbs all read it, so that a screen is offered exactly to
 * those who may open it. A screen's `access` is the permission flag of its API routes (contract
 * `access`; app/screens.unit.test.ts compares each screen with its main API route).
 */

/** Who may open a screen: anyone, any session, a visitor only (the sign-in page), or a session holding a permission flag. */
export type ScreenAccess = "public" | "signedIn" | "signedOut" | Permission;

/**
 * Where a screen is offered, each with the label's name in that place's strings: the header and
 * the account menu (both also in the phone drawer) `nav.<name>`, the Language Testing home's cards
 * `testingHome.cards.<name>`, the overview's quick links `overview.links.<name>`, the settings
 * home's cards `settings.cards.<name>`, the administration home's cards (features/news/admin).
 */
export type Place = "header" | "account" | "testing" | "overview" | "settings" | "admin";

export interface Screen {
  /** React Router's path pattern. */
  path: string;
  access: ScreenAccess;
  /** Its entries, by place (their order in a place is the table's order). */
  at?: Partial<Record<Place, string>>;
  /** The address its entries link to, when not the path itself. */
  to?: string;
  /** A screen no menu offers: the screen whose links lead to it ("mail": the link of an e-mail; "header": the product name). */
  from?: string;
  /** A home of cards: offered and opened only while one of that place's entries is. */
  hub?: Place;
}

/** The users, test groups and result recipients lists with their forms: the settings home's cards, or (`from`) an office's. */
const settingsLists = (base: string, from?: string): Screen[] =>
  (
    [
      ["users", "users", "users"],
      ["packages", "packages", "packages"],
      ["resultrecipients", "resultRecipients", "resultRecipients"],
    ] as const
  ).flatMap(([segment, access, name]) => [
    from ? { path: `${base}/${segment}`, access, from } : { path: `${base}/${segment}`, access, at: { settings: name } },
    { path: `${base}/${segment}/new`, access, from: `${base}/${segment}` },
    { path: `${base}/${segment}/:id/edit`, access, from: `${base}/${segment}` },
  ]);

/** Every screen, in the order their entries show (the spec's account menu and Language Testing cards). */
export const SCREENS: readonly Screen[] = [
  // The Language Testing home's cards (client-administration.md §2) and what they lead to.
  { path: "/testing/tests", access: "tests", at: { testing: "tests", overview: "tests" } },
  { path: "/testing/tests/choose_account/:ids", access: "tests", from: "/testing/tests" },
  { path: "/testing/tests/:aid/live", access: "tests", from: "/testing/tests" },
  { path: "/testing/tests/:id", access: "tests", from: "/testing/tests" },
  { path: "/testing/track/test/:id", access: "tests", from: "/testing/tests" },
  { path: "/testing/tests/:id/call", access: "tests", from: "/testing/tests" },
  { path: "/testing/tests/:id/web_call", access: "tests", from: "/testing/tests" },
  { path: "/testing/payment/:ref/purchase", access: "tests", from: "/testing/tests" },
  { path: "/testing/candidates", access: "candidates", at: { testing: "candidates", overview: "candidates" } },
  { path: "/testing/candidates/new", access: "candidates", from: "/testing/candidates" },
  { path: "/testing/candidates/create", access: "candidates", from: "/testing/candidates" },
  { path: "/testing/candidates/:id", access: "candidates", from: "/testing/candidates" },
  { path: "/testing/candidates/:id/edit", access: "candidates", from: "/testing/candidates/:id" },
  { path: "/testing/candidates/:id/update", access: "candidates", from: "/testing/candidates/:id" },
  { path: "/testing/candidates/:id/notify", access: "candidates", from: "/testing/candidates/:id" },
  { path: "/testing/candidates/:id/activate", access: "candidates", from: "/testing/candidates/:id" },
  { path: "/testing/candidates/upload", access: "candidates", from: "/testing/candidates" },
  { path: "/testing/candidates/changes", access: "candidates", from: "/testing/candidates" },
  { path: "/testing/candidates/preview", access: "candidates", from: "/testing/candidates/upload" },
  { path: "/testing/candidates/confirm", access: "candidates", from: "/testing/candidates/preview" },
  { path: "/testing/candidates/healthcare_roles", access: "candidates", from: "/testing/candidates/:id" },
  { path: "/testing/track/:id", access: "candidates", from: "/testing/candidates/:id" },
  // Scheduling a test and a proctoring reservation: the candidate or the account's staff (the server decides whose).
  { path: "/testing/candidates/:id/scheduledtest/:testId", access: "signedIn", from: "/testing/tests" },
  { path: "/testing/candidates/:id/scheduledtest/:testId/request", access: "signedIn", from: "/testing/tests" },
  { path: "/testing/proctor/schedule/:id", access: "signedIn", from: "/testing/tests" },
  { path: "/testing/proctor/contact_details/:id", access: "signedIn", from: "/testing/proctor/schedule/:id" },
  { path: "/testing/proctor/terms", access: "signedIn", from: "/testing/proctor/schedule/:id" },
  { path: "/testing/candidates/tests", access: "testHistory", at: { testing: "testHistory", overview: "testHistory" } },
  { path: "/testing/evaluators/schedule", access: "evaluatorSchedule", at: { testing: "evaluatorSchedule", overview: "evaluatorSchedule" } },
  { path: "/testing/evaluators/confirm", access: "evaluatorSchedule", from: "/testing/evaluators/schedule" },
  { path: "/testing/evaluators/confirmation_status/:id", access: "evaluatorSchedule", from: "/testing/evaluators/schedule" },
  { path: "/testing/evaluators/decline/:id", access: "evaluatorSchedule", from: "/testing/evaluators/confirmation_status/:id" },
  { path: "/testing/evaluators/administer/:id", access: "evaluatorSchedule", from: "/testing/evaluators/confirmation_status/:id" },
  { path: "/testing/groups", access: "groups", at: { testing: "groups", overview: "groups" } },
  { path: "/testing/groups/alert/:key", access: "groups", from: "mail" },
  { path: "/testing/groups/:key", access: "groups", from: "/testing/groups" },
  { path: "/testing/candidates/outstanding_paper_tests", access: "outstandingPaperTests", at: { testing: "outstandingPaperTests", overview: "outstandingPaperTests" } },
  { path: "/testing/results", access: "results", at: { testing: "results", overview: "results" } },
  { path: "/testing/results/:id/edit", access: "results", from: "/testing/results" },
  { path: "/testing/results/:id/noshow", access: "results", from: "/testing/results/:id/edit" },
  { path: "/testing/settings", access: "settings", at: { testing: "settings", overview: "settings" } },
  { path: "/testing/settings/offices", access: "settings", from: "/testing/settings" },
  { path: "/testing/settings/offices/new", access: "manageOffices", from: "/testing/settings" },
  { path: "/testing/settings/offices/:id", access: "offices", from: "/testing/settings" },
  { path: "/testing/settings/offices/:id/edit", access: "offices", from: "/testing/settings/offices/:id" },
  // The settings home's cards (client-administration.md §2), and the same lists of one office.
  ...settingsLists("/testing/settings"),
  { path: "/testing/settings/proctoring", access: "proctorSettings", at: { settings: "proctoring" } },
  ...settingsLists("/testing/settings/offices/:officeId", "/testing/settings/offices/:id"),
  // Billing: prepaid tests (prepay accounts), invoices, the translation charge a client pays.
  { path: "/testing/prepay", access: "prepay", at: { overview: "prepay" } },
  { path: "/testing/prepay/terms", access: "prepay", from: "/testing/prepay" },
  { path: "/testing/prepay/thank_you/:id", access: "prepay", from: "/testing/prepay" },
  { path: "/testing/contact_to_schedule", access: "signedIn", from: "/testing/prepay/thank_you/:id" },
  { path: "/testing/contact_to_schedule/:kind", access: "signedIn", from: "/testing/proctor/schedule/:id" },
  { path: "/invoice/:id", access: "invoices", from: "/account/invoices" },
  { path: "/translation/projects/charge/:id", access: "translation", from: "mail" },
  { path: "/translation/projects/charge/:id/complete", access: "translation", from: "/translation/projects/charge/:id" },
  // Administration (evaluators-results-account.md §2): its home's cards, the news and the back office.
  { path: "/admin/news", access: "manageNews", at: { admin: "news", overview: "manageNews" } },
  { path: "/admin/news/create", access: "manageNews", from: "/admin/news" },
  { path: "/admin/news/:id/edit", access: "manageNews", from: "/admin/news" },
  { path: "/admin", access: "signedIn", hub: "admin", at: { overview: "admin" } },
  { path: "/feature_flags", access: "featureFlags", at: { admin: "flags" } },
  { path: "/impersonate", access: "impersonate", at: { admin: "impersonate" } },
  { path: "/session", access: "viewSession", at: { admin: "session" } },
  { path: "/admin/accounts", access: "backOffice", at: { admin: "accounts" } },
  { path: "/admin/accounts/new", access: "backOffice", from: "/admin/accounts" },
  { path: "/admin/accounts/:id/edit", access: "backOffice", from: "/admin/accounts/:id" },
  { path: "/admin/accounts/:id", access: "backOffice", from: "/admin/accounts" },
  { path: "/admin/staff", access: "backOffice", at: { admin: "staff" } },
  { path: "/admin/staff/new", access: "backOffice", from: "/admin/staff" },
  { path: "/admin/staff/:id", access: "backOffice", from: "/admin/staff" },
  { path: "/admin/evaluators", access: "backOffice", at: { admin: "evaluators" } },
  { path: "/admin/evaluators/new", access: "backOffice", from: "/admin/evaluators" },
  { path: "/admin/evaluators/:id", access: "backOffice", from: "/admin/evaluators" },
  { path: "/admin/tests", access: "backOffice", at: { admin: "tests" } },
  { path: "/admin/tests/new", access: "backOffice", from: "/admin/tests" },
  { path: "/admin/tests/:id/edit", access: "backOffice", from: "/admin/tests/:id" },
  { path: "/admin/tests/:id", access: "backOffice", from: "/admin/tests" },
  // The header and the account menu (evaluators-results-account.md §2 "Account menu links", in its order).
  { path: "/overview", access: "signedIn", at: { header: "overview", account: "overview" } },
  { path: "/testing", access: "languageTesting", at: { header: "languageTesting", overview: "languageTesting" } },
  { path: "/account/availability", access: "availability", at: { account: "availability", overview: "availability" } },
  { path: "/account/payment_methods", access: "creditCardOnFile", at: { account: "paymentMethods" } },
  { path: "/account/invoices", access: "invoices", at: { account: "invoices", overview: "invoices" } },
  { path: "/account/profile", access: "changePassword", at: { account: "profile" } },
  { path: "/contact", access: "signedIn", at: { account: "contact" } },
  { path: "/news", access: "signedIn", at: { header: "news", account: "news", overview: "news" } },
  { path: "/news/:slug", access: "signedIn", from: "/news" },
  { path: "/training", access: "training", at: { header: "training", account: "training" } },
  { path: "/translation", access: "translation", at: { header: "translation", account: "translation" } },
  { path: "/interpretation", access: "interpretation", at: { header: "interpretation", account: "interpretation" } },
  { path: "/help/:guide?", access: "public", to: "/help/", at: { account: "help" } },
  { path: "/help/documents", access: "evaluatorDocuments", from: "/help/:guide?" },
  // The developer mailbox and phone (outside production: useCaller), just before Sign out.
  { path: "/dev/mailbox", access: "devMailbox", at: { account: "devMailbox" } },
  { path: "/dev/phone", access: "devMailbox", at: { account: "devPhone" } },
  { path: "/login", access: "signedOut", at: { account: "login" } },
  // Public screens: signing in and its help, result verification, the scales, the anonymous invoice payment and the policies.
  { path: "/", access: "public", from: "header" },
  { path: "/assistance", access: "public", from: "/login" },
  { path: "/set_reset_password", access: "public", from: "mail" },
  { path: "/setup_account/:key", access: "public", from: "mail" },
  { path: "/testing/scales", access: "public", from: "/help/:guide?" },
  { path: "/testing/results/verify", access: "public", from: "/testing/scales" },
  { path: "/testing/results/verified/:key", access: "public", from: "/testing/results/verify" },
  { path: "/invoices/pay/:key", access: "public", from: "mail" },
  { path: "/invoices/pay/:key/confirmation", access: "public", from: "/invoices/pay/:key" },
  { path: "/testing/policy", access: "public", from: "/testing/payment/:ref/purchase" },
  { path: "/testing/payment/policy", access: "public", from: "/testing/payment/:ref/purchase" },
];

/** What the caller holds: ui/startup.tsx `can` and whether a session is signed in. */
export interface Caller {
  can: (p: Permission) => boolean;
  signedIn: boolean;
}

/** Whether the caller may open the screen (its access, and for a home of cards one of its cards). */
export function mayOpen(screen: Screen, caller: Caller): boolean {
  const { access } = screen;
  const allowed =
    access === "public" || (access === "signedOut" ? !caller.signedIn : caller.signedIn && (access === "signedIn" || caller.can(access)));
  return allowed && (!screen.hub || offered(screen.hub, caller).length > 0);
}

/** An entry of a place: the screen's address and its label's name there. */
export interface Offer {
  to: string;
  name: string;
}

/** The entries of a place the caller may open, in the table's order. */
export function offered(place: Place, caller: Caller): Offer[] {
  return SCREENS.filter((s) => s.at?.[place] !== undefined && mayOpen(s, caller)).map((s) => ({ to: s.to ?? s.path, name: s.at![place]! }));
}

const segments = (path: string) => path.split("/").filter(Boolean);

/** Whether a pattern's segments match an address's: a static segment itself, `:name` any, `:name?` any or none (last). */
function matches(pattern: string[], parts: string[]): boolean {
  if (parts.length > pattern.length || parts.length < pattern.filter((p) => !p.endsWith("?")).length) return false;
  return parts.every((part, i) => pattern[i]!.startsWith(":") || pattern[i] === part);
}

/** Static segments outrank parameters, as in React Router: /testing/candidates/new before /testing/candidates/:id. */
const rank = (pattern: string[]) => pattern.reduce((sum, p) => sum + (p.startsWith(":") ? 1 : 3), 0);

const found = new Map<string, Screen | undefined>();

/** The screen at an address; remembered, as links ask on every render (React Router's matchRoutes ranks every route at each call). */
export function screenAt(href: string): Screen | undefined {
  const path = href.split(/[?#]/)[0]!;
  if (!found.has(path)) {
    const parts = segments(path);
    const candidates = SCREENS.filter((s) => matches(segments(s.path), parts));
    found.set(path, candidates.sort((x, y) => rank(segments(y.path)) - rank(segments(x.path)))[0]);
  }
  return found.get(path);
}

/** Whether the caller may open the screen at an address (false for an address no screen has). */
export function reachable(href: string, caller: Caller): boolean {
  const screen = screenAt(href);
  return !!screen && mayOpen(screen, caller);
}

/** The signed-in (or not) caller; the developer mailbox and phone only where the server has them (outside production). */
export function useCaller(): Caller {
  const { can, signedIn, startup } = useStartup();
  return { can: (p) => (p === "devMailbox" ? startup.devMailbox === true : can(p)), signedIn };
}

/** `(href) => boolean`: whether the caller may open the screen at an address, for a link inside a screen. */
export function useReachable(): (href: string) => boolean {
  const caller = useCaller();
  return (href) => reachable(href, caller);
}
