import { cloneElement, useEffect, useRef, type ReactElement } from "react";
import { Menu } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { Link } from "react-router";
import { LANGUAGES } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import type { NavLinkDef } from "../../ui/links";
import { submitSignOut } from "../../ui/signOut";
import { withTheme } from "../../ui/ThemeProvider";

/** The header's drop-down menus: their own chunk, loaded after the first screen (DeferredMenu.tsx). */

/** How DeferredMenu hands a menu its button. */
export interface MenuOptions {
  /** The button the menu opens from. */
  target: ReactElement;
  /** The button was clicked before the menu arrived: open at once. */
  defaultOpened: boolean;
  /** The button had the focus before the menu arrived: give it to the menu's button. */
  focusTarget: boolean;
}

/** The button, with the focus it had before the menu arrived. */
function useTarget({ target, focusTarget }: MenuOptions): ReactElement {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTarget) ref.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- only as the menu replaces the lone button
  return cloneElement(target as ReactElement<{ ref?: unknown }>, { ref });
}

/** The interface languages, each written in its own language (a reader finds theirs whatever the current one is). */
function LanguageMenuInner(options: MenuOptions) {
  const { t } = useTranslation();
  const { language, setLanguage } = useStartup();
  const target = useTarget(options);
  return (
    <Menu position="bottom-end" shadow="md" width={170} withinPortal withInitialFocusPlaceholder={false} defaultOpened={options.defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((l) => (
          <Menu.Item
            key={l}
            lang={l === "zh-HANS" ? "zh-Hans" : l === "zh-HANT" ? "zh-Hant" : "en"}
            aria-current={l === language ? "true" : undefined}
            fw={l === language ? 700 : undefined}
            onClick={() => {
              if (l !== language) void setLanguage(l);
            }}
          >
            {t(`languages.native.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The signed-in user's account links. */
function AccountLinksMenuInner({ links, ...options }: MenuOptions & { links: NavLinkDef[] }) {
  const { t } = useTranslation();
  const target = useTarget(options);
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal withInitialFocusPlaceholder={false} defaultOpened={options.defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
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

export const LanguageMenu = withTheme(LanguageMenuInner);
export const AccountLinksMenu = withTheme(AccountLinksMenuInner);
