import { lazy, Suspense, useEffect, useState } from "react";
import { Burger, Container, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "../../i18n";
import { Link, Outlet, useLocation } from "react-router";
import { AccountMenu } from "./AccountMenu";
import { Banners } from "./Banners";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { NavLinks } from "./MainNav";
import { useNavLinks } from "./useNavLinks";
import classes from "./AppLayout.module.css";
import { SIGN_OUT_FORM_ID } from "../../ui/signOut";
import { ScreenErrorBoundary } from "../ScreenErrorBoundary";

/**
 * The frame of every screen: header (product name, main navigation, language, account menu),
 * notice/error banners, and the page. Below the `md` breakpoint the navigation, language and
 * account links move into a drawer opened by the burger.
 */
// Most visitors never open the phone drawer: it is not in the entry chunk.
const NavDrawer = lazy(() => import("./NavDrawer"));

export function AppLayout() {
  const { t } = useTranslation();
  const { main, account } = useNavLinks();
  const [drawerOpen, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const location = useLocation();

  // Following a link closes the phone drawer.
  useEffect(() => drawer.close(), [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    // Mantine's AppShell laid out by hand (header/main landmarks as it rendered them): AppShell brings
    // every part (navbar, aside, resize handle, scroll area) into the entry chunk.
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t("shell.skipToContent")}
      </a>
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group wrap="nowrap" gap="md">
            <Burger
              hiddenFrom="md"
              size="sm"
              opened={drawerOpen}
              onClick={() => {
                setDrawerUsed(true);
                drawer.toggle();
              }}
              aria-label={drawerOpen ? t("shell.closeNavigation") : t("shell.openNavigation")}
              aria-expanded={drawerOpen}
            />
            <Link to="/" className={classes.brand}>
              {t("shell.productName")}
            </Link>
            <Group visibleFrom="md" wrap="nowrap">
              <NavLinks links={main} label={t("shell.mainNavigation")} />
            </Group>
          </Group>
          <Group wrap="nowrap" gap="sm" visibleFrom="md">
            <LanguageSwitcher />
            <AccountMenu links={account} />
          </Group>
        </Group>
      </header>

      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpen} onClose={drawer.close} main={main} account={account} />
        </Suspense>
      )}

      {/* Every "Sign out" control posts this form (ui/signOut.ts). */}
      <form id={SIGN_OUT_FORM_ID} method="post" action="/logout" hidden />

      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Container size="lg" px={0} pt={{ base: 0, sm: "md" }} pb="xl">
          <Banners />
          <ScreenErrorBoundary resetKey={location.pathname}>
            <Outlet />
          </ScreenErrorBoundary>
        </Container>
      </main>
    </div>
  );
}
