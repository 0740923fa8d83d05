/**
 * Paths the app can show now; menus and link cards leave out entries for screens of later issues
 * until they exist. A plain module, so pages can consult it without importing the router.
 */
export const availablePaths: ReadonlySet<string> = new Set([
  "/",
  "/login",
  "/logout",
  "/assistance",
  "/overview",
  "/testing",
  "/testing/settings",
  "/testing/settings/proctoring",
  "/testing/settings/users",
  "/testing/settings/packages",
  "/testing/settings/resultrecipients",
  "/testing/candidates",
  "/testing/candidates/new",
  "/testing/candidates/healthcare_roles",
  "/testing/candidates/tests",
  "/testing/tests",
  "/testing/proctor/terms",
  "/testing/scales",
  "/testing/results/verify",
  "/testing/results",
  "/account/availability",
  "/account/invoices",
  "/testing/prepay",
  "/testing/prepay/terms",
  "/testing/policy",
  "/testing/payment/policy",
  "/account/payment_methods",
  "/dev/mailbox",
]);
