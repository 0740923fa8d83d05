import { lazy, Suspense, useEffect, useState, type CSSProperties } from "react";
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
import { Group } from "../../ui/plain";
import { useStartup } from "../../ui/startup";
import { hrefOf } from "../../api/client";
import { authRoutes } from "@parlance/contract";

/**
 * The frame of every screen: header (product name, main navigation, language, account menu),
 * notice/error banners, and the page. Below the `md` breakpoint the navigation, language and
 * account links move into a drawer opened by the burger.
 */
// Most visitors never open the phone drawer: it is not in the entry chunk.
const NavDrawer = lazy(() => import("./NavDrawer"));
// Shown only while an impersonator acts as the user: its own chunk, not the entry's.
const ActingAsBanner = lazy(() => import("../../features/admin/ActingAsBanner"));

export function AppLayout() {
  const { t } = useTranslation();
  const { main, account } = useNavLinks();
  const { startup } = useStartup();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = { close: () => setDrawerOpen(false), toggle: () => setDrawerOpen((o) => !o) };
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
        <Group style={{ paddingInline: "var(--mantine-spacing-md)", height: "100%" }} justify="space-between" wrap="nowrap" gap="sm">
          <Group wrap="nowrap" gap="md">
            {/* Mantine's Burger (size sm, hidden from md), written out: ui/plain.tsx */}
            <button
              type="button"
              style={{ "--burger-size": "var(--burger-size-sm)" } as CSSProperties}
              className="mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root mantine-hidden-from-md"
              data-size="sm"
              onClick={() => {
                setDrawerUsed(true);
                drawer.toggle();
              }}
              aria-label={drawerOpen ? t("shell.closeNavigation") : t("shell.openNavigation")}
              aria-expanded={drawerOpen}
            >
              <div className="m_d4fb9cad mantine-Burger-burger" data-reduce-motion="true" data-opened={drawerOpen || undefined} />
            </button>
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
      <form id={SIGN_OUT_FORM_ID} method="post" action={hrefOf(authRoutes.logout, undefined)} hidden />

      <main id="main-content" tabIndex={-1} className={classes.main}>
        {/* Mantine's Container (size lg, no side padding, md above and xl below from sm up) */}
        <div style={{ "--container-size": "var(--container-size-lg)" } as CSSProperties} className={`m_7485cace mantine-Container-root ${classes.container}`} data-size="lg" data-strategy="block">
          {startup.impersonatedBy && (
            <Suspense fallback={null}>
              <ActingAsBanner />
            </Suspense>
          )}
          <Banners />
          <ScreenErrorBoundary resetKey={location.pathname}>
            <Outlet />
          </ScreenErrorBoundary>
        </div>
      </main>
    </div>
  );
}
