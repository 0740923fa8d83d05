import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Navigate, useRoutes } from "react-router";
import { AppLayout } from "./layout/AppLayout";
import { RequireScreen, RequireSignIn, HomeRedirect } from "./guards";
import { PageLoader } from "../ui/PageLoader";
import { NotFound } from "./NotFound";
import { SCREENS, type Screen } from "../ui/screens";
import { loadStrings } from "../i18n";
import { ALL_STRING_TIERS, type StringTier } from "../i18n/tiers";

/** What a screen needs downloaded besides its code. */
interface ScreenNeeds {
  /** The string tiers it shows (i18n/tiers.ts); all of them when not said. */
  strings?: readonly StringTier[];
  /** false for a screen that calls the API without react-query: it goes without that chunk (api/queries.tsx). */
  queries?: boolean;
  /** false for a screen drawn without Mantine (ui/plain.tsx): it goes without Mantine's theme and code. */
  mantine?: boolean;
}

// The signed-out screens and Take a Test need less than all (issue 12). i18n/tiers.unit.test.ts checks
// each screen's strings against its route here; bench/bundle.ts reads them.
const signIn: ScreenNeeds = { strings: ["entry"], queries: false, mantine: false };
const forgotPassword: ScreenNeeds = { strings: ["entry", "account"], queries: false };
const passwordKey: ScreenNeeds = { strings: ["entry", "account"] };
const takeATest: ScreenNeeds = { strings: ["entry", "taking", "history"] };
const testFlow: ScreenNeeds = { strings: ["entry", "taking"] };

/** Route-level code splitting: each screen is its own chunk, shown once it and what it needs are downloaded. */
function page(load: () => Promise<{ default: ComponentType }>, { strings = ALL_STRING_TIERS, queries = true, mantine = true }: ScreenNeeds = {}) {
  const Screen = lazy(async () => {
    const [screen, , layer, theme] = await Promise.all([load(), loadStrings(strings), queries ? import("../api/queries") : undefined, mantine ? import("../ui/ThemeProvider") : undefined]);
    const Loaded = theme ? theme.withTheme(screen.default) : screen.default;
    return { default: layer ? () => <layer.QueryLayer><Loaded /></layer.QueryLayer> : Loaded };
  });
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}

type Screens = Record<string, ReactNode>;

/** One element for each of several paths (a lazy screen of its own for each, as a route of its own would be). */
const each = (paths: string[], element: () => ReactNode): Screens => Object.fromEntries(paths.map((path) => [path, element()]));

/**
 * The element of each screen of ui/screens.ts, by its path; who may open it, and so the guard
 * around it, is the table's (app/screens.unit.test.ts: a route for every row, a row for every route).
 */
const SCREEN_ELEMENTS: Screens = {
  "/": <HomeRedirect />,
  "/login": page(() => import("../features/auth/LoginPage"), signIn),
  "/assistance": page(() => import("../features/auth/AssistancePage"), forgotPassword),
  "/set_reset_password": page(() => import("../features/auth/SetResetPasswordPage"), passwordKey),
  "/setup_account/:key": page(() => import("../features/auth/SetupAccountPage"), passwordKey),
  // Public: anyone may verify a printed result and read what its level means.
  "/testing/scales": page(() => import("../features/results/scales/ScalesPage")),
  // Help (evaluators-results-account.md §2): the guides are for anyone, signed in or not; the evaluator documents are not.
  "/help/:guide?": page(() => import("../features/help/HelpPage")),
  "/testing/results/verify": page(() => import("../features/results/verify/VerifyPage")),
  "/testing/results/verified/:key": page(() => import("../features/results/verify/VerifiedPage")),
  // Public billing pages: the anonymous invoice payment (by the invoice's key) and the candidate testing policy.
  "/invoices/pay/:key": page(() => import("../features/payments/invoices/AnonymousInvoicePage")),
  "/invoices/pay/:key/confirmation": page(() => import("../features/payments/invoices/InvoiceConfirmationPage")),
  "/testing/policy": page(() => import("../features/payments/policy/PolicyPage")),
  "/testing/payment/policy": page(() => import("../features/payments/policy/PaymentPolicyPage")),
  "/overview": page(() => import("../features/overview/OverviewPage")),
  // News and its administration (evaluators-results-account.md §2); /admin is the hub of every administration screen, its cards by permission.
  ...each(["/news", "/news/:slug"], () => page(() => import("../features/news/NewsScreens"))),
  "/admin": page(() => import("../features/news/admin/AdminHomePage")),
  ...each(["/admin/news", "/admin/news/create", "/admin/news/:id/edit"], () => page(() => import("../features/news/admin/AdminNewsScreens"))),
  "/testing": page(() => import("../features/testing/TestingHomePage")),
  "/testing/settings": page(() => import("../features/settings/SettingsHomePage")),
  "/testing/settings/offices": <Navigate to="/testing/settings" replace />,
  "/testing/settings/offices/new": page(() => import("../features/settings/offices/OfficeFormPage")),
  "/testing/settings/offices/:id": page(() => import("../features/settings/offices/OfficeDetailPage")),
  "/testing/settings/offices/:id/edit": page(() => import("../features/settings/offices/OfficeFormPage")),
  "/testing/settings/proctoring": page(() => import("../features/settings/proctor-service/ProctoringSettingsPage")),
  // Settings lists (spec §2), each at account level and under /testing/settings/offices/:officeId.
  ...["/testing/settings", "/testing/settings/offices/:officeId"].reduce<Screens>(
    (all, base) => ({
      ...all,
      [`${base}/users`]: page(() => import("../features/settings/users/UsersPage")),
      ...each([`${base}/users/new`, `${base}/users/:id/edit`], () => page(() => import("../features/settings/users/UserFormPage"))),
      [`${base}/packages`]: page(() => import("../features/settings/packages/TestGroupsPage")),
      ...each([`${base}/packages/new`, `${base}/packages/:id/edit`], () => page(() => import("../features/settings/packages/TestGroupFormPage"))),
      [`${base}/resultrecipients`]: page(() => import("../features/settings/recipients/RecipientsPage")),
      ...each([`${base}/resultrecipients/new`, `${base}/resultrecipients/:id/edit`], () => page(() => import("../features/settings/recipients/RecipientFormPage"))),
    }),
    {},
  ),
  "/testing/candidates": page(() => import("../features/candidates/CandidatesPage")),
  ...each(["/testing/candidates/new", "/testing/candidates/create", "/testing/candidates/:id/edit", "/testing/candidates/:id/update"], () =>
    page(() => import("../features/candidates/CandidateFormPage")),
  ),
  ...each(["/testing/candidates/:id", "/testing/candidates/:id/notify", "/testing/candidates/:id/activate"], () =>
    page(() => import("../features/candidates/CandidateDetailPage")),
  ),
  // Bulk upload (client spec §2; issue 14).
  "/testing/candidates/upload": page(() => import("../features/upload/UploadPage")),
  "/testing/candidates/changes": page(() => import("../features/upload/ChangesPage")),
  "/testing/candidates/preview": page(() => import("../features/upload/PreviewPage")),
  "/testing/candidates/confirm": page(() => import("../features/upload/ConfirmPage")),
  // Paper test packages and outstanding paper tests (client spec §2; issue 14).
  "/testing/candidates/outstanding_paper_tests": page(() => import("../features/paper/OutstandingPage")),
  "/testing/groups": page(() => import("../features/paper/GroupsPage")),
  "/testing/groups/alert/:key": page(() => import("../features/paper/AlertPage")),
  "/testing/groups/:key": page(() => import("../features/paper/PackagePage")),
  // The schedule-test screen: a candidate (their own test) or the account's staff; the server decides who reaches it.
  ...each(["/testing/candidates/:id/scheduledtest/:testId", "/testing/candidates/:id/scheduledtest/:testId/request"], () =>
    page(() => import("../features/scheduling/SchedulePage")),
  ),
  // Proctoring reservation (client spec §2): the account's staff or the candidate; the server decides who reaches which candidate.
  "/testing/proctor/schedule/:id": page(() => import("../features/proctoring/reservation/ProctorSchedulePage")),
  "/testing/proctor/contact_details/:id": page(() => import("../features/proctoring/reservation/ContactDetailsPage")),
  "/testing/proctor/terms": page(() => import("../features/proctoring/reservation/TermsPage")),
  "/testing/candidates/healthcare_roles": page(() => import("../features/healthcare/HealthcareRolesPage")),
  "/testing/candidates/tests": page(() => import("../features/history/TestHistoryPage")),
  "/testing/track/:id": page(() => import("../features/tracks/TrackPage")),
  // Take a Test (candidate spec §2): the list, Choose Employer, and the live/video page (a{id} or s{id}).
  "/testing/tests": page(() => import("../features/taking/list/TakeTestPage"), takeATest),
  "/testing/tests/choose_account/:ids": page(() => import("../features/taking/list/ChooseEmployerPage"), takeATest),
  "/testing/tests/:aid/live": page(() => import("../features/taking/list/LiveTestPage"), takeATest),
  // Payments (issue 13, part 5): a test requiring purchase (a{id} or s{id}), and the card on file.
  "/testing/payment/:ref/purchase": page(() => import("../features/payments/PurchasePage")),
  "/account/payment_methods": page(() => import("../features/payments/PaymentMethodsPage")),
  // The phone (IVR) call screen (candidate spec §2): the candidate asks to be called for a phone test.
  "/testing/tests/:id/call": page(() => import("../features/calls/phone/PhoneCallPage")),
  // The web-IVR screen (candidate spec §2): a phone test taken as a call in the browser.
  "/testing/tests/:id/web_call": page(() => import("../features/calls/webivr/WebIvrPage")),
  ...each(["/testing/tests/:id", "/testing/track/test/:id"], () => page(() => import("../features/taking/flow/TakeTestPage"), testFlow)),
  // Scoring (evaluators-results-account.md §2): Tests to score, and a test's scoring page (also at /noshow with the confirmation open).
  "/testing/results": page(() => import("../features/results/scoring/TestsToScorePage")),
  ...each(["/testing/results/:id/edit", "/testing/results/:id/noshow"], () => page(() => import("../features/results/scoring/ScoringPage"))),
  // Scheduled Tests (evaluators-results-account.md §2): the live and video tests booked with the evaluator.
  "/testing/evaluators/schedule": page(() => import("../features/evaluator-schedule/ScheduledTestsPage")),
  // Confirm, decline and administer a booked test (evaluators-results-account.md §2, §4).
  "/testing/evaluators/confirm": page(() => import("../features/evaluator-schedule/ConfirmPage")),
  "/testing/evaluators/confirmation_status/:id": page(() => import("../features/evaluator-schedule/ScheduledTestPage")),
  "/testing/evaluators/decline/:id": page(() => import("../features/evaluator-schedule/DeclinePage")),
  "/testing/evaluators/administer/:id": page(() => import("../features/evaluator-schedule/AdministerPage")),
  // Account (evaluators-results-account.md §2): an evaluator's or proctor's weekly and individual conflicts.
  "/account/availability": page(() => import("../features/availability/AvailabilityPage")),
  // Billing (issue 13, part 5): invoices, prepay, contact-to-schedule and translation charges.
  "/account/invoices": page(() => import("../features/payments/invoices/InvoicesPage")),
  "/invoice/:id": page(() => import("../features/payments/invoices/InvoicePage")),
  "/testing/prepay": page(() => import("../features/payments/prepay/PrepayOrderPage")),
  "/testing/prepay/terms": page(() => import("../features/payments/prepay/PrepayTermsPage")),
  "/testing/prepay/thank_you/:id": page(() => import("../features/payments/prepay/PrepayThankYouPage")),
  ...each(["/testing/contact_to_schedule", "/testing/contact_to_schedule/:kind"], () => page(() => import("../features/payments/prepay/ContactToSchedulePage"))),
  "/translation/projects/charge/:id": page(() => import("../features/payments/translation/ChargeProjectPage")),
  "/translation/projects/charge/:id/complete": page(() => import("../features/payments/translation/ChargeCompletePage")),
  // Administration (evaluators-results-account.md §2): feature flags, impersonation, the session page.
  "/feature_flags": page(() => import("../features/admin/FeatureFlagsPage")),
  "/impersonate": page(() => import("../features/admin/ImpersonatePage")),
  "/session": page(() => import("../features/admin/SessionPage")),
  // The back office's client accounts, staff users and evaluators (issue 17 point 2): Administrators and Testing Executives.
  "/admin/accounts": page(() => import("../features/backoffice/accounts/AccountsPage")),
  ...each(["/admin/accounts/new", "/admin/accounts/:id/edit"], () => page(() => import("../features/backoffice/accounts/AccountFormPage"))),
  "/admin/accounts/:id": page(() => import("../features/backoffice/accounts/AccountPage")),
  "/admin/staff": page(() => import("../features/backoffice/staff/StaffPage")),
  ...each(["/admin/staff/new", "/admin/staff/:id"], () => page(() => import("../features/backoffice/staff/StaffFormPage"))),
  "/admin/evaluators": page(() => import("../features/backoffice/staff/EvaluatorsPage")),
  ...each(["/admin/evaluators/new", "/admin/evaluators/:id"], () => page(() => import("../features/backoffice/staff/EvaluatorFormPage"))),
  // The back office's test catalogue and content (issue 17 point 2): Administrators and Testing Executives.
  "/admin/tests": page(() => import("../features/backoffice/catalogue/CatalogueListPage")),
  ...each(["/admin/tests/new", "/admin/tests/:id/edit"], () => page(() => import("../features/backoffice/catalogue/TestFormPage"))),
  "/admin/tests/:id": page(() => import("../features/backoffice/catalogue/TestPage")),
  "/dev/mailbox": page(() => import("../features/mailbox/MailboxPage")),
  // The developer phone (issue 15): the local voice provider's calls ring there (the Administrator's, as the mailbox).
  "/dev/phone": page(() => import("../features/calls/phone/DevPhonePage")),
  "/help/documents": page(() => import("../features/help/DocumentsPage")),
  // Account menu (evaluators-results-account.md §2): the profile, and the training and translation service lines.
  "/account/profile": page(() => import("../features/account/ProfilePage")),
  "/training": page(() => import("../features/service-lines/TrainingPage")),
  "/translation": page(() => import("../features/service-lines/TranslationPage")),
  // Interpretation requests and the contact page (evaluators-results-account.md §2; issue 16 point 5).
  "/interpretation": page(() => import("../features/interpretation/InterpretationPage")),
  "/contact": page(() => import("../features/contact/ContactPage")),
};

/** Access that needs no session (the sign-in page is a visitor's, but opens signed in too). */
const OPEN: Record<string, true> = { public: true, signedOut: true };

/** A screen's route, guarded by its row: one that needs a permission (or one of its cards) reads as not found to whoever lacks it, as the API answers. */
const routeOf = (screen: Screen) => {
  const element = SCREEN_ELEMENTS[screen.path];
  const open = screen.access in OPEN || (screen.access === "signedIn" && !screen.hub);
  return { path: screen.path, element: open ? element : <RequireScreen screen={screen}>{element}</RequireScreen> };
};

/** Every screen of ui/screens.ts: the public ones, then those behind the sign-in. */
export const routes = [
  {
    element: <AppLayout />,
    children: [
      ...SCREENS.filter((s) => s.access in OPEN).map(routeOf),
      { element: <RequireSignIn />, children: SCREENS.filter((s) => !(s.access in OPEN)).map(routeOf) },
      { path: "*", element: <NotFound /> },
    ],
  },
];

/**
 * The routes in React Router's declarative mode (BrowserRouter + useRoutes): the app uses no
 * loaders, actions or fetchers, and the data router would add some 16 kB gzipped to the first screen.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
