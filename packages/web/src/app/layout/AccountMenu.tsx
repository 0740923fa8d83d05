import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useStartup } from "../../ui/startup";
import type { NavLinkDef } from "../../ui/links";
import { submitSignOut } from "../../ui/signOut";

function ChevronDown() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** Signed in: a "Hello, <first name>" menu of the account links. Signed out: a Sign in link. */
export function AccountMenu({ links }: { links: NavLinkDef[] }) {
  const { t } = useTranslation();
  const { startup, signedIn } = useStartup();
  const { pathname } = useLocation();
  if (!signedIn) {
    // Not on the sign-in page itself, where it would lead nowhere new.
    const login = pathname === "/login" ? undefined : links.find((l) => l.to === "/login");
    return login ? (
      <Button component={Link} to={login.to} variant="filled" size="xs">
        {t(login.labelKey)}
      </Button>
    ) : null;
  }
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" size="xs" rightSection={<ChevronDown />}>
          {t("shell.greeting", { name: startup.userFlags?.firstName ?? "" })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((l) =>
          l.signOut ? (
            <Menu.Item key={l.to} component="button" type="button" onClick={submitSignOut}>
              {t(l.labelKey)}
            </Menu.Item>
          ) : (
            <Menu.Item key={l.to} component={Link} to={l.to}>
              {t(l.labelKey)}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
