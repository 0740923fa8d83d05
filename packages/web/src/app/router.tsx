import { lazy, Suspense, type ComponentType } from "react";
import { Navigate, useRoutes } from "react-router";
import { AppLayout } from "./layout/AppLayout";
import { RequirePermission, RequireSignIn, HomeRedirect } from "./guards";
import { PageLoader } from "../ui/PageLoader";
import { NotFound } from "./NotFound";
import type { Permission } from "@parlance/contract";
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

const guarded = (permission: Permission, element: React.ReactNode) => (
  <RequirePermission permission={permission}>{element}</RequirePermission>
);

/** Every screen path of the specs that exists so far. Menus consult ui/availablePaths.ts. */
export const routes = [
  {
    element: <AppLayout />,
    children: [
      { path: "/", element: <HomeRedirect /> },
      { path: "/login", element: page(() => import("../features/auth/LoginPage"), signIn) },
      { path: "/assistance", element: page(() => import("../features/auth/AssistancePage"), forgotPassword) },
      { path: "/set_reset_password", element: page(() => import("../features/auth/SetResetPasswordPage"), passwordKey) },
      { path: "/setup_account/:key", element: page(() => import("../features/auth/SetupAccountPage"), passwordKey) },
      // Public: anyone may verify a printed result and read what its level means.
      { path: "/testing/scales", element: page(() => import("../features/results/scales/ScalesPage")) },
      // Help (evaluators-results-account.md §2): the guides are for anyone, signed in or not; the evaluator documents are not.
      { path: "/help/:guide?", element: page(() => import("../features/help/HelpPage")) },
      { path: "/testing/results/verify", element: page(() => import("../features/results/verify/VerifyPage")) },
      { path: "/testing/results/verified/:key", element: page(() => import("../features/results/verify/VerifiedPage")) },
      // Public billing pages: the anonymous invoice payment (by the invoice's key) and the candidate testing policy.
      { path: "/invoices/pay/:key", element: page(() => import("../features/payments/invoices/AnonymousInvoicePage")) },
      { path: "/invoices/pay/:key/confirmation", element: page(() => import("../features/payments/invoices/InvoiceConfirmationPage")) },
      { path: "/testing/policy", element: page(() => import("../features/payments/policy/PolicyPage")) },
      { path: "/testing/payment/policy", element: page(() => import("../features/payments/policy/PaymentPolicyPage")) },
      {
        element: <RequireSignIn />,
        children: [
          { path: "/overview", element: page(() => import("../features/overview/OverviewPage")) },
          // News and its administration (evaluators-results-account.md §2); /admin is the hub of every administration screen, its cards by permission.
          ...["/news", "/news/:slug"].map((path) => ({ path, element: page(() => import("../features/news/NewsScreens")) })),
          { path: "/admin", element: page(() => import("../features/news/admin/AdminHomePage")) },
          ...["/admin/news", "/admin/news/create", "/admin/news/:id/edit"].map((path) => ({ path, element: guarded("manageNews", page(() => import("../features/news/admin/AdminNewsScreens"))) })),
          { path: "/testing", element: page(() => import("../features/testing/TestingHomePage")) },
          { path: "/testing/settings", element: guarded("settings", page(() => import("../features/settings/SettingsHomePage"))) },
          { path: "/testing/settings/offices", element: <Navigate to="/testing/settings" replace /> },
          { path: "/testing/settings/offices/new", element: guarded("manageOffices", page(() => import("../features/settings/offices/OfficeFormPage"))) },
          { path: "/testing/settings/offices/:id", element: guarded("offices", page(() => import("../features/settings/offices/OfficeDetailPage"))) },
          { path: "/testing/settings/offices/:id/edit", element: guarded("offices", page(() => import("../features/settings/offices/OfficeFormPage"))) },
          { path: "/testing/settings/proctoring", element: guarded("proctorSettings", page(() => import("../features/settings/proctor-service/ProctoringSettingsPage"))) },
          // Settings lists (spec §2), each at account level and under /testing/settings/offices/:officeId.
          ...["/testing/settings", "/testing/settings/offices/:officeId"].flatMap((base) => [
            { path: `${base}/users`, element: guarded("users", page(() => import("../features/settings/users/UsersPage"))) },
            { path: `${base}/users/new`, element: guarded("users", page(() => import("../features/settings/users/UserFormPage"))) },
            { path: `${base}/users/:id/edit`, element: guarded("users", page(() => import("../features/settings/users/UserFormPage"))) },
            { path: `${base}/packages`, element: guarded("packages", page(() => import("../features/settings/packages/TestGroupsPage"))) },
            { path: `${base}/packages/new`, element: guarded("packages", page(() => import("../features/settings/packages/TestGroupFormPage"))) },
            { path: `${base}/packages/:id/edit`, element: guarded("packages", page(() => import("../features/settings/packages/TestGroupFormPage"))) },
            { path: `${base}/resultrecipients`, element: guarded("resultRecipients", page(() => import("../features/settings/recipients/RecipientsPage"))) },
            { path: `${base}/resultrecipients/new`, element: guarded("resultRecipients", page(() => import("../features/settings/recipients/RecipientFormPage"))) },
            { path: `${base}/resultrecipients/:id/edit`, element: guarded("resultRecipients", page(() => import("../features/settings/recipients/RecipientFormPage"))) },
          ]),
          { path: "/testing/candidates", element: guarded("candidates", page(() => import("../features/candidates/CandidatesPage"))) },
          ...["/testing/candidates/new", "/testing/candidates/create", "/testing/candidates/:id/edit", "/testing/candidates/:id/update"].map((path) => ({
            path,
            element: guarded("candidates", page(() => import("../features/candidates/CandidateFormPage"))),
          })),
          ...["/testing/candidates/:id", "/testing/candidates/:id/notify", "/testing/candidates/:id/activate"].map((path) => ({
            path,
            element: guarded("candidates", page(() => import("../features/candidates/CandidateDetailPage"))),
          })),
          // Screens of later issues: the not-found page until they exist, not the `:id` route's "Candidate not found".
          // Bulk upload (client spec §2; issue 14).
          { path: "/testing/candidates/upload", element: guarded("candidates", page(() => import("../features/upload/UploadPage"))) },
          { path: "/testing/candidates/changes", element: guarded("candidates", page(() => import("../features/upload/ChangesPage"))) },
          { path: "/testing/candidates/preview", element: guarded("candidates", page(() => import("../features/upload/PreviewPage"))) },
          { path: "/testing/candidates/confirm", element: guarded("candidates", page(() => import("../features/upload/ConfirmPage"))) },
          // Paper test packages and outstanding paper tests (client spec §2; issue 14).
          { path: "/testing/candidates/outstanding_paper_tests", element: guarded("outstandingPaperTests", page(() => import("../features/paper/OutstandingPage"))) },
          { path: "/testing/groups", element: guarded("groups", page(() => import("../features/paper/GroupsPage"))) },
          { path: "/testing/groups/alert/:key", element: guarded("groups", page(() => import("../features/paper/AlertPage"))) },
          { path: "/testing/groups/:key", element: guarded("groups", page(() => import("../features/paper/PackagePage"))) },
          // The schedule-test screen: a candidate (their own test) or the account's staff; the server decides who reaches it.
          ...["/testing/candidates/:id/scheduledtest/:testId", "/testing/candidates/:id/scheduledtest/:testId/request"].map((path) => ({
            path,
            element: page(() => import("../features/scheduling/SchedulePage")),
          })),
          // Proctoring reservation (client spec §2): the account's staff or the candidate; the server decides who reaches which candidate.
          { path: "/testing/proctor/schedule/:id", element: page(() => import("../features/proctoring/reservation/ProctorSchedulePage")) },
          { path: "/testing/proctor/contact_details/:id", element: page(() => import("../features/proctoring/reservation/ContactDetailsPage")) },
          { path: "/testing/proctor/terms", element: page(() => import("../features/proctoring/reservation/TermsPage")) },
          { path: "/testing/candidates/healthcare_roles", element: guarded("candidates", page(() => import("../features/healthcare/HealthcareRolesPage"))) },
          { path: "/testing/candidates/tests", element: guarded("testHistory", page(() => import("../features/history/TestHistoryPage"))) },
          { path: "/testing/track/:id", element: guarded("candidates", page(() => import("../features/tracks/TrackPage"))) },
          // Take a Test (candidate spec §2): the list, Choose Employer, and the live/video page (a{id} or s{id}).
          { path: "/testing/tests", element: guarded("tests", page(() => import("../features/taking/list/TakeTestPage"), takeATest)) },
          { path: "/testing/tests/choose_account/:ids", element: guarded("tests", page(() => import("../features/taking/list/ChooseEmployerPage"), takeATest)) },
          { path: "/testing/tests/:aid/live", element: guarded("tests", page(() => import("../features/taking/list/LiveTestPage"), takeATest)) },
          // Payments (issue 13, part 5): a test requiring purchase (a{id} or s{id}), and the card on file.
          { path: "/testing/payment/:ref/purchase", element: guarded("tests", page(() => import("../features/payments/PurchasePage"))) },
          { path: "/account/payment_methods", element: guarded("creditCardOnFile", page(() => import("../features/payments/PaymentMethodsPage"))) },
          // The phone (IVR) call screen (candidate spec §2): the candidate asks to be called for a phone test.
          { path: "/testing/tests/:id/call", element: guarded("tests", page(() => import("../features/calls/phone/PhoneCallPage"))) },
          // The web-IVR screen (candidate spec §2): a phone test taken as a call in the browser.
          { path: "/testing/tests/:id/web_call", element: guarded("tests", page(() => import("../features/calls/webivr/WebIvrPage"))) },
          ...["/testing/tests/:id", "/testing/track/test/:id"].map((path) => ({ path, element: guarded("tests", page(() => import("../features/taking/flow/TakeTestPage"), testFlow)) })),
          // Scoring (evaluators-results-account.md §2): Tests to score, and a test's scoring page (also at /noshow with the confirmation open).
          { path: "/testing/results", element: guarded("results", page(() => import("../features/results/scoring/TestsToScorePage"))) },
          ...["/testing/results/:id/edit", "/testing/results/:id/noshow"].map((path) => ({ path, element: guarded("results", page(() => import("../features/results/scoring/ScoringPage"))) })),
          // Scheduled Tests (evaluators-results-account.md §2): the live and video tests booked with the evaluator.
          { path: "/testing/evaluators/schedule", element: guarded("evaluatorSchedule", page(() => import("../features/evaluator-schedule/ScheduledTestsPage"))) },
          // Confirm, decline and administer a booked test (evaluators-results-account.md §2, §4).
          { path: "/testing/evaluators/confirm", element: guarded("evaluatorSchedule", page(() => import("../features/evaluator-schedule/ConfirmPage"))) },
          { path: "/testing/evaluators/confirmation_status/:id", element: guarded("evaluatorSchedule", page(() => import("../features/evaluator-schedule/ScheduledTestPage"))) },
          { path: "/testing/evaluators/decline/:id", element: guarded("evaluatorSchedule", page(() => import("../features/evaluator-schedule/DeclinePage"))) },
          { path: "/testing/evaluators/administer/:id", element: guarded("evaluatorSchedule", page(() => import("../features/evaluator-schedule/AdministerPage"))) },
          // Account (evaluators-results-account.md §2): an evaluator's or proctor's weekly and individual conflicts.
          { path: "/account/availability", element: guarded("availability", page(() => import("../features/availability/AvailabilityPage"))) },
          // Billing (issue 13, part 5): invoices, prepay, contact-to-schedule and translation charges.
          { path: "/account/invoices", element: guarded("invoices", page(() => import("../features/payments/invoices/InvoicesPage"))) },
          { path: "/invoice/:id", element: guarded("invoices", page(() => import("../features/payments/invoices/InvoicePage"))) },
          { path: "/testing/prepay", element: guarded("prepay", page(() => import("../features/payments/prepay/PrepayOrderPage"))) },
          { path: "/testing/prepay/terms", element: guarded("prepay", page(() => import("../features/payments/prepay/PrepayTermsPage"))) },
          { path: "/testing/prepay/thank_you/:id", element: guarded("prepay", page(() => import("../features/payments/prepay/PrepayThankYouPage"))) },
          ...["/testing/contact_to_schedule", "/testing/contact_to_schedule/:kind"].map((path) => ({ path, element: page(() => import("../features/payments/prepay/ContactToSchedulePage")) })),
          { path: "/translation/projects/charge/:id", element: guarded("translation", page(() => import("../features/payments/translation/ChargeProjectPage"))) },
          { path: "/translation/projects/charge/:id/complete", element: guarded("translation", page(() => import("../features/payments/translation/ChargeCompletePage"))) },
          // Administration (evaluators-results-account.md §2): feature flags, impersonation, the session page.
          { path: "/feature_flags", element: guarded("featureFlags", page(() => import("../features/admin/FeatureFlagsPage"))) },
          { path: "/impersonate", element: guarded("impersonate", page(() => import("../features/admin/ImpersonatePage"))) },
          { path: "/session", element: guarded("viewSession", page(() => import("../features/admin/SessionPage"))) },
          // The back office's client accounts, staff users and evaluators (issue 17 point 2): Administrators and Testing Executives.
          { path: "/admin/accounts", element: guarded("backOffice", page(() => import("../features/backoffice/accounts/AccountsPage"))) },
          ...["/admin/accounts/new", "/admin/accounts/:id/edit"].map((path) => ({ path, element: guarded("backOffice", page(() => import("../features/backoffice/accounts/AccountFormPage"))) })),
          { path: "/admin/accounts/:id", element: guarded("backOffice", page(() => import("../features/backoffice/accounts/AccountPage"))) },
          { path: "/admin/staff", element: guarded("backOffice", page(() => import("../features/backoffice/staff/StaffPage"))) },
          ...["/admin/staff/new", "/admin/staff/:id"].map((path) => ({ path, element: guarded("backOffice", page(() => import("../features/backoffice/staff/StaffFormPage"))) })),
          { path: "/admin/evaluators", element: guarded("backOffice", page(() => import("../features/backoffice/staff/EvaluatorsPage"))) },
          ...["/admin/evaluators/new", "/admin/evaluators/:id"].map((path) => ({ path, element: guarded("backOffice", page(() => import("../features/backoffice/staff/EvaluatorFormPage"))) })),
          // The back office's test catalogue and content (issue 17 point 2): Administrators and Testing Executives.
          { path: "/admin/tests", element: guarded("backOffice", page(() => import("../features/backoffice/catalogue/CatalogueListPage"))) },
          ...["/admin/tests/new", "/admin/tests/:id/edit"].map((path) => ({ path, element: guarded("backOffice", page(() => import("../features/backoffice/catalogue/TestFormPage"))) })),
          { path: "/admin/tests/:id", element: guarded("backOffice", page(() => import("../features/backoffice/catalogue/TestPage"))) },
          { path: "/dev/mailbox", element: guarded("devMailbox", page(() => import("../features/mailbox/MailboxPage"))) },
          // The developer phone (issue 15): the local voice provider's calls ring there (the Administrator's, as the mailbox).
          { path: "/dev/phone", element: guarded("devMailbox", page(() => import("../features/calls/phone/DevPhonePage"))) },
          { path: "/help/documents", element: guarded("evaluatorDocuments", page(() => import("../features/help/DocumentsPage"))) },
          // Account menu (evaluators-results-account.md §2): the profile, and the training and translation service lines.
          { path: "/account/profile", element: guarded("changePassword", page(() => import("../features/account/ProfilePage"))) },
          { path: "/training", element: guarded("training", page(() => import("../features/service-lines/TrainingPage"))) },
          { path: "/translation", element: guarded("translation", page(() => import("../features/service-lines/TranslationPage"))) },
          // Interpretation requests and the contact page (evaluators-results-account.md §2; issue 16 point 5).
          { path: "/interpretation", element: guarded("interpretation", page(() => import("../features/interpretation/InterpretationPage"))) },
          { path: "/contact", element: page(() => import("../features/contact/ContactPage")) },
        ],
      },
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
