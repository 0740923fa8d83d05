import type { NavLinkDef } from "../../ui/links";

/** The offices list is on the settings page itself: its card jumps to it. */
export const OFFICES_ANCHOR = "#offices";

/**
 * Account Settings cards (spec §2), each shown with its permission once its screen exists
 * (users, test groups and result recipients arrive with the client administration issue).
 */
export const SETTINGS_CARDS: readonly (NavLinkDef & { descriptionKey: string })[] = [
  { to: OFFICES_ANCHOR, labelKey: "settings.cards.offices", descriptionKey: "settings.cards.officesText", permission: "offices" },
  { to: "/testing/settings/users", labelKey: "settings.cards.users", descriptionKey: "settings.cards.usersText", permission: "users" },
  { to: "/testing/settings/resultrecipients", labelKey: "settings.cards.resultRecipients", descriptionKey: "settings.cards.resultRecipientsText", permission: "resultRecipients" },
  { to: "/testing/settings/packages", labelKey: "settings.cards.packages", descriptionKey: "settings.cards.packagesText", permission: "packages" },
  { to: "/testing/settings/proctoring", labelKey: "settings.cards.proctoring", descriptionKey: "settings.cards.proctoringText", permission: "proctorSettings" },
];
