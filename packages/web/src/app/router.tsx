import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { matchRoutes, Navigate, useRoutes, type Params } from "react-router";
import { AppLayout } from "./layout/AppLayout";
import { RequireScreen, RequireSignIn, HomeRedirect } from "./guards";
import { PageLoader } from "../ui/PageLoader";
import { NotFound } from "./NotFound";
import type { Screen, ScreenAccess } from "../ui/screens";
import { loadStrings } from "../i18n";
import { FirstScreenDrawn } from "../ui/firstScreen";
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
// The test page reads through its own small store (features/taking/flow/remote.ts): without
// react-query's chunk (issue 26 §3); its parts that use react-query bring it (ui/withQueryLayer.tsx).
const testFlow: ScreenNeeds = { strings: ["entry", "taking", "flow"], queries: false };

/** A screen module: its component, and what it may start reading once its code is there (`prefetch`, given the path's params). */
type ScreenModule = { default: ComponentType; prefetch?: (params: Params) => Promise<unknown> | void };

/** Each screen's downloads (code and what it needs) by the element the router shows there: preloadScreen starts them early. */
const downloads = new WeakMap<object, (params?: Params) => Promise<unknown>>();

/** Route-level code splitting: each screen is its own chunk, shown once it and what it needs are downloaded. */
function page(load: () => Promise<ScreenModule>, { strings = ALL_STRING_TIERS, queries = true, mantine = true }: ScreenNeeds = {}) {
  let pending: Promise<{ default: ComponentType }> | undefined;
  // The screen once downloaded: drawn at once rather than through React.lazy, whose fallback React
  // would keep for 300 ms (Suspense's throttle) after the screen is there (main.tsx waits for it).
  let loaded: ComponentType | undefined;
  // What the screen's prefetch waits for (its first reads, the code of the part they say it shows).
  let prefetched: Promise<unknown> = Promise.resolve();
  const download = (params?: Params) =>
    (pending ??= Promise.all([
      load().then((m) => {
        if (params) prefetched = Promise.resolve(m.prefetch?.(params)).catch(() => undefined);
        return m;
      }),
      loadStrings(strings),
      queries ? import("../api/queries") : undefined,
      mantine ? import("../ui/ThemeProvider") : undefined,
    ]).then(
      ([screen, , layer, theme]) => {
        const Themed = theme ? theme.withTheme(screen.default) : screen.default;
        const Loaded = () => (
          <>
            <Themed />
            <FirstScreenDrawn />
          </>
        );
        loaded = layer ? () => <layer.QueryLayer><Loaded /></layer.QueryLayer> : Loaded;
        return { default: loaded };
      },
      (err: unknown) => {
        pending = undefined; // shown later, the screen tries again (and says why if it fails again)
        throw err;
      },
    ));
  const Lazy = lazy(() => download());
  function Screen() {
    // Chosen once per mount: switching from Lazy to the loaded component would remount it.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  const element = (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
  downloads.set(element, (params) => download(params).then(() => prefetched));
  return element;
}

/** Screens shown at several paths: one lazy chunk, a lazy component of its own at each path (as a route of its own would be). */
const testPage = () => page(() => import("../features/taking/flow/TakeTestPage"), testFlow);
const candidateForm = () => page(() => import("../features/candidates/CandidateFormPage"));
const candidateDetail = () => page(() => import("../features/candidates/CandidateDetailPage"));
const schedulePage = () => page(() => import("../features/scheduling/SchedulePage"));
const scoringPage = () => page(() => import("../features/results/scoring/ScoringPage"));
const contactToSchedule = () => page(() => import("../features/payments/prepay/ContactToSchedulePage"));
const adminNews = () => page(() => import("../features/news/admin/AdminNewsScreens"));
const accountForm = () => page(() => import("../features/backoffice/accounts/AccountFormPage"));
const staffForm = () => page(() => import("../features/backoffice/staff/StaffFormPage"));
const evaluatorForm = () => page(() => import("../features/backoffice/staff/EvaluatorFormPage"));
const testForm = () => page(() => import("../features/backoffice/catalogue/TestFormPage"));
const newsScreens = () => page(() => import("../features/news/NewsScreens"));

/** The settings lists (users, test groups, result recipients) with their forms: of the account (the settings home's cards) or of an office. */
const settingsLists = (base: string, offered: boolean): AppScreen[] =>
  (
    [
      ["users", "users", "users", () => page(() => import("../features/settings/users/UsersPage")), () => page(() => import("../features/settings/users/UserFormPage"))],
      ["packages", "packages", "packages", () => page(() => import("../features/settings/test-groups/TestGroupsPage")), () => page(() => import("../features/settings/test-groups/TestGroupFormPage"))],
      ["resultrecipients", "resultRecipients", "resultRecipients", () => page(() => import("../features/settings/recipients/RecipientsPage")), () => page(() => import("../features/settings/recipients/RecipientFormPage"))],
    ] as const
  ).flatMap(([segment, access, name, list, form]) => [
    { path: `${base}/${segment}`, access, at: offered ? { settings: name } : undefined, element: list() },
    { path: `${base}/${segment}/new`, access, element: form() },
    { path: `${base}/${segment}/:id/edit`, access, element: form() },
  ]);

/** A screen of the table with what the router shows there. */
export type AppScreen = Screen & { element: ReactNode };

/** Screens one `access` opens, written once for them. */
const allowed = (access: ScreenAccess, screens: Omit<AppScreen, "access">[]): AppScreen[] => screens.map((screen) => ({ ...screen, access }));

/**
 * The one table of the web app's screens (issue 23 §1): each path, who may open it (`access`: the
 * permission flag of its API routes, app/screens.unit.test.ts) and where it is offered (`at`, in
 * the order entries show: the spec's account menu and Language Testing cards). Its routes' guards
 * come from it here; the header, the account menu, the drawer, the homes' cards, the quick links
 * and the breadcrumbs read it through ui/screens.ts (ScreensContext, provided by App).
 */
export const SCREENS: readonly AppScreen[] = [
  // The Language Testing home's cards (client-administration.md §2) and what they lead to.
  ...allowed("tests", [
    { path: "/testing/tests", at: { testing: "tests" }, element: page(() => import("../features/taking/list/TakeTestPage"), takeATest) },
    { path: "/testing/tests/choose_account/:ids", element: page(() => import("../features/taking/list/ChooseEmployerPage"), takeATest) },
    { path: "/testing/tests/:aid/live", element: page(() => import("../features/taking/list/LiveTestPage"), takeATest) },
    { path: "/testing/tests/:id", element: testPage() },
    { path: "/testing/track/test/:id", element: testPage() },
    { path: "/testing/tests/:id/call", element: page(() => import("../features/calls/phone/PhoneCallPage")) },
    { path: "/testing/tests/:id/web_call", element: page(() => import("../features/calls/webivr/WebIvrPage")) },
    { path: "/testing/payment/:ref/purchase", element: page(() => import("../features/payments/PurchasePage")) },
  ]),
  ...allowed("candidates", [
    { path: "/testing/candidates", at: { testing: "candidates" }, element: page(() => import("../features/candidates/CandidatesPage")) },
    { path: "/testing/candidates/new", element: candidateForm() },
    { path: "/testing/candidates/create", element: candidateForm() },
    { path: "/testing/candidates/:id", element: candidateDetail() },
    { path: "/testing/candidates/:id/edit", element: candidateForm() },
    { path: "/testing/candidates/:id/update", element: candidateForm() },
    { path: "/testing/candidates/:id/notify", element: candidateDetail() },
    { path: "/testing/candidates/:id/activate", element: candidateDetail() },
    { path: "/testing/candidates/upload", element: page(() => import("../features/upload/UploadPage")) },
    { path: "/testing/candidates/changes", element: page(() => import("../features/upload/ChangesPage")) },
    { path: "/testing/candidates/preview", element: page(() => import("../features/upload/PreviewPage")) },
    { path: "/testing/candidates/confirm", element: page(() => import("../features/upload/ConfirmPage")) },
    { path: "/testing/candidates/healthcare_roles", element: page(() => import("../features/healthcare/HealthcareRolesPage")) },
    { path: "/testing/track/:id", element: page(() => import("../features/tracks/TrackPage")) },
  ]),
  // Scheduling a test and a proctoring reservation: the candidate or the account's staff (the server decides whose).
  ...allowed("signedIn", [
    { path: "/testing/candidates/:id/scheduledtest/:testId", element: schedulePage() },
    { path: "/testing/candidates/:id/scheduledtest/:testId/request", element: schedulePage() },
    { path: "/testing/proctor/schedule/:id", element: page(() => import("../features/proctoring/reservations/ProctorSchedulePage")) },
    { path: "/testing/proctor/contact_details/:id", element: page(() => import("../features/proctoring/reservations/ContactDetailsPage")) },
    { path: "/testing/proctor/terms", element: page(() => import("../features/proctoring/reservations/TermsPage")) },
  ]),
  { path: "/testing/candidates/tests", access: "testHistory", at: { testing: "testHistory" }, element: page(() => import("../features/history/TestHistoryPage")) },
  ...allowed("evaluatorSchedule", [
    { path: "/testing/evaluators/schedule", at: { testing: "evaluatorSchedule" }, element: page(() => import("../features/evaluator-schedule/ScheduledTestsPage")) },
    { path: "/testing/evaluators/confirm", element: page(() => import("../features/evaluator-schedule/ConfirmPage")) },
    { path: "/testing/evaluators/confirmation_status/:id", element: page(() => import("../features/evaluator-schedule/ScheduledTestPage")) },
    { path: "/testing/evaluators/decline/:id", element: page(() => import("../features/evaluator-schedule/DeclinePage")) },
    { path: "/testing/evaluators/administer/:id", element: page(() => import("../features/evaluator-schedule/AdministerPage")) },
  ]),
  // A proctor's proctored online tests and each one's page, where they upload the candidate's answers file (ours, issue 27).
  ...allowed("proctoredTests", [
    { path: "/testing/proctor/tests", at: { testing: "proctoredTests" }, element: page(() => import("../features/proctoring/tests/ProctoredTestsPage")) },
    { path: "/testing/proctor/tests/:id", element: page(() => import("../features/proctoring/tests/ProctoredTestPage")) },
  ]),
  ...allowed("groups", [
    { path: "/testing/groups", at: { testing: "groups" }, element: page(() => import("../features/paper-packages/GroupsPage")) },
    { path: "/testing/groups/alert/:key", element: page(() => import("../features/paper-packages/AlertPage")) },
    { path: "/testing/groups/:key", element: page(() => import("../features/paper-packages/PackagePage")) },
  ]),
  { path: "/testing/candidates/outstanding_paper_tests", access: "outstandingPaperTests", at: { testing: "outstandingPaperTests" }, element: page(() => import("../features/paper-packages/OutstandingPage")) },
  ...allowed("results", [
    { path: "/testing/results", at: { testing: "results" }, element: page(() => import("../features/results/scoring/TestsToScorePage")) },
    { path: "/testing/results/:id/edit", element: scoringPage() },
    { path: "/testing/results/:id/noshow", element: scoringPage() },
  ]),
  ...allowed("settings", [
    { path: "/testing/settings", at: { testing: "settings" }, element: page(() => import("../features/settings/SettingsHomePage")) },
    { path: "/testing/settings/offices", element: <Navigate to="/testing/settings" replace /> },
  ]),
  { path: "/testing/settings/offices/new", access: "manageOffices", element: page(() => import("../features/settings/offices/OfficeFormPage")) },
  ...allowed("offices", [
    { path: "/testing/settings/offices/:id", element: page(() => import("../features/settings/offices/OfficeDetailPage")) },
    { path: "/testing/settings/offices/:id/edit", element: page(() => import("../features/settings/offices/OfficeFormPage")) },
  ]),
  // The settings home's cards (client-administration.md §2), and the same lists of one office.
  ...settingsLists("/testing/settings", true),
  { path: "/testing/settings/proctoring", access: "proctorSettings", at: { settings: "proctoring" }, element: page(() => import("../features/settings/proctor-service/ProctoringSettingsPage")) },
  ...settingsLists("/testing/settings/offices/:officeId", false),
  // Billing: prepaid tests (prepay accounts), invoices, the translation charge a client pays.
  ...allowed("prepay", [
    { path: "/testing/prepay", at: { overview: "prepay" }, element: page(() => import("../features/payments/prepay/PrepayOrderPage")) },
    { path: "/testing/prepay/terms", element: page(() => import("../features/payments/prepay/PrepayTermsPage")) },
    { path: "/testing/prepay/thank_you/:id", element: page(() => import("../features/payments/prepay/PrepayThankYouPage")) },
  ]),
  ...allowed("signedIn", [
    { path: "/testing/contact_to_schedule", element: contactToSchedule() },
    { path: "/testing/contact_to_schedule/:kind", element: contactToSchedule() },
  ]),
  { path: "/invoice/:id", access: "invoices", element: page(() => import("../features/payments/invoices/InvoicePage")) },
  ...allowed("translation", [
    { path: "/translation/projects/charge/:id", element: page(() => import("../features/payments/translation-charges/ChargeProjectPage")) },
    { path: "/translation/projects/charge/:id/complete", element: page(() => import("../features/payments/translation-charges/ChargeCompletePage")) },
  ]),
  // Administration (evaluators-results-account.md §2): its home's cards, the news and the back office.
  ...allowed("manageNews", [
    { path: "/admin/news", at: { admin: "news", overview: "manageNews" }, element: adminNews() },
    { path: "/admin/news/create", element: adminNews() },
    { path: "/admin/news/:id/edit", element: adminNews() },
  ]),
  { path: "/admin", access: "signedIn", hub: "admin", at: { overview: "admin" }, element: page(() => import("../features/news/admin/AdminHomePage")) },
  { path: "/feature_flags", access: "featureFlags", at: { admin: "flags" }, element: page(() => import("../features/admin/FeatureFlagsPage")) },
  { path: "/impersonate", access: "impersonate", at: { admin: "impersonate" }, element: page(() => import("../features/admin/ImpersonatePage")) },
  { path: "/session", access: "viewSession", at: { admin: "session" }, element: page(() => import("../features/admin/SessionPage")) },
  ...allowed("backOffice", [
    { path: "/admin/accounts", at: { admin: "accounts" }, element: page(() => import("../features/backoffice/accounts/AccountsPage")) },
    { path: "/admin/accounts/new", element: accountForm() },
    { path: "/admin/accounts/:id/edit", element: accountForm() },
    { path: "/admin/accounts/:id", element: page(() => import("../features/backoffice/accounts/AccountPage")) },
    { path: "/admin/staff", at: { admin: "staff" }, element: page(() => import("../features/backoffice/staff/StaffPage")) },
    { path: "/admin/staff/new", element: staffForm() },
    { path: "/admin/staff/:id", element: staffForm() },
    { path: "/admin/evaluators", at: { admin: "evaluators" }, element: page(() => import("../features/backoffice/staff/EvaluatorsPage")) },
    { path: "/admin/evaluators/new", element: evaluatorForm() },
    { path: "/admin/evaluators/:id", element: evaluatorForm() },
    { path: "/admin/tests", at: { admin: "tests" }, element: page(() => import("../features/backoffice/catalogue/CatalogueListPage")) },
    { path: "/admin/tests/new", element: testForm() },
    { path: "/admin/tests/:id/edit", element: testForm() },
    { path: "/admin/tests/:id", element: page(() => import("../features/backoffice/catalogue/TestPage")) },
  ]),
  // The header and the account menu (evaluators-results-account.md §2 "Account menu links", in its order).
  { path: "/overview", access: "signedIn", at: { header: "overview", account: "overview" }, element: page(() => import("../features/overview/OverviewPage")) },
  { path: "/testing", access: "languageTesting", at: { header: "languageTesting", overview: "languageTesting" }, element: page(() => import("../features/testing/TestingHomePage")) },
  { path: "/account/availability", access: "availability", at: { account: "availability", overview: "availability" }, element: page(() => import("../features/availability/AvailabilityPage")) },
  { path: "/account/payment_methods", access: "creditCardOnFile", at: { account: "paymentMethods" }, element: page(() => import("../features/payments/PaymentMethodsPage")) },
  { path: "/account/invoices", access: "invoices", at: { account: "invoices", overview: "invoices" }, element: page(() => import("../features/payments/invoices/InvoicesPage")) },
  { path: "/account/profile", access: "changePassword", at: { account: "profile" }, element: page(() => import("../features/account/ProfilePage")) },
  ...allowed("signedIn", [
    { path: "/contact", at: { account: "contact" }, element: page(() => import("../features/contact/ContactPage")) },
    { path: "/news", at: { header: "news", account: "news", overview: "news" }, element: newsScreens() },
    { path: "/news/:slug", element: newsScreens() },
  ]),
  { path: "/training", access: "training", at: { header: "training", account: "training" }, element: page(() => import("../features/service-lines/TrainingPage")) },
  { path: "/translation", access: "translation", at: { header: "translation", account: "translation" }, element: page(() => import("../features/service-lines/TranslationPage")) },
  { path: "/interpretation", access: "interpretation", at: { header: "interpretation", account: "interpretation" }, element: page(() => import("../features/interpretation/InterpretationPage")) },
  { path: "/help/:guide?", access: "public", to: "/help/", at: { account: "help" }, element: page(() => import("../features/help/HelpPage")) },
  { path: "/help/documents", access: "evaluatorDocuments", element: page(() => import("../features/help/DocumentsPage")) },
  // The developer mailbox and phone (outside production: useCaller), just before Sign out.
  ...allowed("devMailbox", [
    { path: "/dev/mailbox", at: { account: "devMailbox" }, element: page(() => import("../features/mail/MailboxPage")) },
    { path: "/dev/phone", at: { account: "devPhone" }, element: page(() => import("../features/calls/phone/DevPhonePage")) },
  ]),
  { path: "/login", access: "signedOut", at: { account: "login" }, element: page(() => import("../features/auth/LoginPage"), signIn) },
  // Public screens: signing in and its help, result verification, the scales, the anonymous invoice payment and the policies.
  ...allowed("public", [
    { path: "/", element: <HomeRedirect /> },
    { path: "/assistance", element: page(() => import("../features/auth/AssistancePage"), forgotPassword) },
    { path: "/set_reset_password", element: page(() => import("../features/auth/SetResetPasswordPage"), passwordKey) },
    { path: "/setup_account/:key", element: page(() => import("../features/auth/SetupAccountPage"), passwordKey) },
    { path: "/testing/scales", element: page(() => import("../features/results/scales/ScalesPage")) },
    { path: "/testing/results/verify", element: page(() => import("../features/results/verify/VerifyPage")) },
    { path: "/testing/results/verified/:key", element: page(() => import("../features/results/verify/VerifiedPage")) },
    { path: "/invoices/pay/:key", element: page(() => import("../features/payments/invoices/AnonymousInvoicePage")) },
    { path: "/invoices/pay/:key/confirmation", element: page(() => import("../features/payments/invoices/InvoiceConfirmationPage")) },
    { path: "/testing/policy", element: page(() => import("../features/payments/policy/PolicyPage")) },
    { path: "/testing/payment/policy", element: page(() => import("../features/payments/policy/PaymentPolicyPage")) },
  ]),
];

/** Access that needs no session (the sign-in page is a visitor's, but opens signed in too). */
const OPEN: Record<string, true> = { public: true, signedOut: true };

/** A screen's route, guarded by its row: one that needs a permission (or one of its cards) reads as not found to whoever lacks it, as the API answers. */
const routeOf = (screen: AppScreen) => ({
  path: screen.path,
  element: screen.access in OPEN || (screen.access === "signedIn" && !screen.hub) ? screen.element : <RequireScreen screen={screen}>{screen.element}</RequireScreen>,
});

/** Every screen of the table: the public ones, then those behind the sign-in. */
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
 * Starts downloading the screen at `pathname` (its code, strings, react-query and theme as its
 * route asks, and what the screen reads first: `prefetch`) as the app starts, alongside the startup
 * data rather than after it (issue 26 §3: two round trips less before a screen opened by its
 * address). For a visitor who is then sent to sign in, the download waits in the cache.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const match = matchRoutes(SCREENS.map((s) => ({ path: s.path, element: s.element })), pathname)?.at(-1);
  const download = match && downloads.get(match.route.element as object);
  return download ? download(match.params).catch(() => undefined) : Promise.resolve();
}

/**
 * The routes in React Router's declarative mode (BrowserRouter + useRoutes): the app uses no
 * loaders, actions or fetchers, and the data router would add some 16 kB gzipped to the first screen.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
