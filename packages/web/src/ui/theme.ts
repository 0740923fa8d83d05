import { createTheme, type CSSVariablesResolver } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  // Darker shades keep text on primary buttons above the WCAG AA contrast ratio.
  primaryShade: 8,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans CJK TC', sans-serif",
  defaultRadius: "sm",
  // People who ask their system for less motion get dialogs and menus without fades.
  respectReducedMotion: true,
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
