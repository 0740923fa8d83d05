import type { NavLinkDef } from "../../../ui/links";

export type AdminHubLink = NavLinkDef & { descriptionKey: string };

/**
 * The administration hub's cards (/admin), each shown by its permission. Other administration
 * areas (feature flags, impersonation, session) add their entries to this list.
 */
export const ADMIN_HUB_LINKS: readonly AdminHubLink[] = [
  { to: "/admin/news", labelKey: "newsAdmin.hub.news", descriptionKey: "newsAdmin.hub.newsText", permission: "manageNews" },
  { to: "/feature_flags", labelKey: "admin.hub.flags", descriptionKey: "admin.hub.flagsText", permission: "featureFlags" },
  { to: "/impersonate", labelKey: "admin.hub.impersonate", descriptionKey: "admin.hub.impersonateText", permission: "impersonate" },
  { to: "/session", labelKey: "admin.hub.session", descriptionKey: "admin.hub.sessionText", permission: "viewSession" },
  { to: "/admin/accounts", labelKey: "backofficeAccounts.hub.accounts", descriptionKey: "backofficeAccounts.hub.accountsText", permission: "backOffice" },
  { to: "/admin/staff", labelKey: "backofficeStaff.hub.staff", descriptionKey: "backofficeStaff.hub.staffText", permission: "backOffice" },
  { to: "/admin/evaluators", labelKey: "backofficeStaff.hub.evaluators", descriptionKey: "backofficeStaff.hub.evaluatorsText", permission: "backOffice" },
  { to: "/admin/tests", labelKey: "boCatalogue.hub.title", descriptionKey: "boCatalogue.hub.text", permission: "backOffice" },
];
