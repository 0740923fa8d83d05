import { useTranslation } from "../../i18n";
import { useLocation } from "react-router";
import { useStartup } from "../../ui/startup";
import type { NavLinkDef } from "../../ui/links";
import { DeferredMenu } from "./DeferredMenu";
import { Button, ButtonLink } from "../../ui/plain";

function ChevronDown() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** Signed in: a "Hello, <first name>" menu of the account links (HeaderMenus.tsx). Signed out: a Sign in link. */
export function AccountMenu({ links }: { links: NavLinkDef[] }) {
  const { t } = useTranslation();
  const { startup, signedIn } = useStartup();
  const { pathname } = useLocation();
  if (!signedIn) {
    // Not on the sign-in page itself, where it would lead nowhere new.
    const login = pathname === "/login" ? undefined : links.find((l) => l.to === "/login");
    return login ? (
      <ButtonLink to={login.to} variant="filled" size="xs">
        {t(login.labelKey)}
      </ButtonLink>
    ) : null;
  }
  const button = (
    <Button variant="default" size="xs" rightSection={<ChevronDown />}>
      {t("shell.greeting", { name: startup.userFlags?.firstName ?? "" })}
    </Button>
  );
  return <DeferredMenu button={button} menu={(m, options) => <m.AccountLinksMenu links={links} {...options} />} />;
}
