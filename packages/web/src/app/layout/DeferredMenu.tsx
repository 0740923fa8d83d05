import { cloneElement, useCallback, useEffect, useState, type ReactElement, type ReactNode } from "react";
import type { MenuOptions } from "./HeaderMenus";
import { afterFirstScreen } from "../../ui/firstScreen";

type HeaderMenus = typeof import("./HeaderMenus");

let loaded: HeaderMenus | undefined;
let loading: Promise<HeaderMenus> | undefined;

/** Downloads the header's drop-down menus (Mantine Menu with floating-ui: some 20 kB gzipped) once. */
function loadHeaderMenus(): Promise<HeaderMenus> {
  loading ??= import("./HeaderMenus").then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = undefined; // a failed download is tried again by the next click
      throw err;
    },
  );
  return loading;
}

/**
 * A header menu. The menus are not needed to show or use a screen, so their download starts once
 * the first screen is on the page; until it arrives the menu's button is shown alone, and a click
 * on it opens the menu as soon as it is there.
 */
export function DeferredMenu({ button, menu }: { button: ReactElement<{ onClick?: () => void; onFocus?: () => void; onBlur?: () => void }>; menu: (menus: HeaderMenus, options: MenuOptions) => ReactNode }) {
  const [menus, setMenus] = useState(loaded);
  const [clicked, setClicked] = useState(false);
  const [focused, setFocused] = useState(false);
  const load = useCallback(() => void loadHeaderMenus().then(setMenus, () => undefined), []);
  useEffect(() => {
    // Once the first screen is drawn (ui/firstScreen.ts); a click loads them at once.
    if (!loaded) void afterFirstScreen().then(load);
  }, [load]);
  if (menus) return menu(menus, { target: button, defaultOpened: clicked, focusTarget: focused });
  return cloneElement(button, {
    onClick: () => {
      setClicked(true);
      load();
    },
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  });
}
