import type { NavLinkDef } from "../../ui/links";

/** Header navigation (the departments of the portal). */
export const MAIN_NAV: readonly NavLinkDef[] = [
  { to: "/overview", labelKey: "nav.overview", signedIn: true },
  { to: "/testing", labelKey: "nav.languageTesting", permission: "languageTesting", signedIn: true },
  { to: "/training", labelKey: "nav.training", permission: "training", signedIn: true },
  { to: "/translation", labelKey: "nav.translation", permission: "translation", signedIn: true },
  { to: "/interpretation", labelKey: "nav.interpretation", permission: "interpretation", signedIn: true },
  { to: "/news", labelKey: "nav.news", signedIn: true },
];

/**
 * The account menu of evaluators-results-account.md §2, in the spec's order. Availability is for
 * evaluators and service providers (`availability`: they keep conflicts for scheduling); the card on file by
 * `creditCardOnFile`; Edit Profile (email and password) by `changePassword` (role 14).
 */
export const ACCOUNT_MENU: readonly NavLinkDef[] = [
  { to: "/overview", labelKey: "nav.overview", signedIn: true },
  { to: "/account/availability", labelKey: "nav.availability", permission: "availability", signedIn: true },
  { to: "/account/payment_methods", labelKey: "nav.paymentMethods", permission: "creditCardOnFile", signedIn: true },
  { to: "/account/invoices", labelKey: "nav.invoices", permission: "invoices", signedIn: true },
  { to: "/account/profile", labelKey: "nav.profile", permission: "changePassword", signedIn: true },
  { to: "/contact", labelKey: "nav.contact" },
  { to: "/news", labelKey: "nav.news", signedIn: true },
  { to: "/training", labelKey: "nav.training", permission: "training", signedIn: true },
  { to: "/translation", labelKey: "nav.translation", permission: "translation", signedIn: true },
  { to: "/interpretation", labelKey: "nav.interpretation", permission: "interpretation", signedIn: true },
  { to: "/help/", labelKey: "nav.help" },
  { to: "/logout", labelKey: "nav.logout", signedIn: true, signOut: true },
  { to: "/login", labelKey: "nav.login", signedIn: false },
];
