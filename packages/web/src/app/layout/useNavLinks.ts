import type { NavLinkDef } from "../../ui/links";
import { useContext } from "react";
import { offered, ScreensContext, useCaller, type Place } from "../../ui/screens";

/**
 * The header's and the account menu's entries this user may open (ui/screens.ts), labelled
 * `nav.<name>`; a signed-in user's menu ends with Sign out (a form, not a screen).
 */
export function useNavLinks(): { main: NavLinkDef[]; account: NavLinkDef[] } {
  const screens = useContext(ScreensContext);
  const caller = useCaller();
  const links = (place: Place): NavLinkDef[] => offered(screens, place, caller).map(({ to, name }) => ({ to, labelKey: `nav.${name}` }));
  const account = links("account");
  if (caller.signedIn) account.push({ to: "/logout", labelKey: "nav.logout", signOut: true });
  return { main: links("header"), account };
}
