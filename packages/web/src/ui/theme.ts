import { createTheme, type CSSVariablesResolver } from "@mantine/core";

/** A dropdown list's height before it scrolls (Mantine's maxDropdownHeight default). */
export const LISTBOX_MAX_HEIGHT = 220;

export const theme = createTheme({
  primaryColor: "indigo",
  // Darker shades keep text on primary buttons above the WCAG AA contrast ratio.
  primaryShade: 8,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans CJK TC', sans-serif",
  defaultRadius: "sm",
  // People who ask their system for less motion get dialogs and menus without fades.
  respectReducedMotion: true,
  // The listbox of every select, multi-select and autocomplete scrolls itself: Mantine's ScrollArea
  // inside it was a scrollable region no key could reach (axe scrollable-region-focusable, issue 24
  // #14), while a combobox's own listbox is reached through the field (aria-controls) and Mantine's
  // arrow keys scroll the active option into view.
  components: Object.fromEntries(
    ["Select", "MultiSelect", "Autocomplete"].map((name) => [
      name,
      { defaultProps: { withScrollArea: false }, styles: { options: { maxHeight: LISTBOX_MAX_HEIGHT, overflowY: "auto" } } },
    ]),
  ),
});

/**
 * Mantine's light-scheme error red (red-6, even red-8) and dimmed grey (gray-6) fall below the WCAG AA 4.5:1
 * ratio on white; darker shades keep field errors, descriptions and dimmed text readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-error": "var(--mantine-color-red-9)", "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
  dark: {},
});
