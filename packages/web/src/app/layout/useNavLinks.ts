import { useStartup } from "../../ui/startup";
import { availablePaths } from "../../ui/availablePaths";
import { visibleLinks, type NavLinkDef } from "../../ui/links";
import { ACCOUNT_MENU, MAIN_NAV } from "./links";

/** The header's navigation and account-menu entries this user may see now. */
export function useNavLinks(): { main: NavLinkDef[]; account: NavLinkDef[] } {
  const { can, signedIn, startup } = useStartup();
  const opts = { can, signedIn, available: availablePaths };
  const account = visibleLinks(ACCOUNT_MENU, opts);
  // The developer mailbox (never in production) sits just before "Sign out".
  if (signedIn && startup.devMailbox && availablePaths.has("/dev/mailbox")) {
    const mailbox: NavLinkDef = { to: "/dev/mailbox", labelKey: "nav.devMailbox" };
    const at = account.findIndex((l) => l.to === "/logout");
    // The developer phone beside it: the local voice provider's calls ring there.
    const phone: NavLinkDef = { to: "/dev/phone", labelKey: "nav.devPhone" };
    account.splice(at < 0 ? account.length : at, 0, mailbox, ...(availablePaths.has("/dev/phone") ? [phone] : []));
  }
  return { main: visibleLinks(MAIN_NAV, opts), account };
}
