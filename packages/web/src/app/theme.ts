import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  // Darker shades keep text on primary buttons above the WCAG AA contrast ratio.
  primaryShade: 8,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans CJK TC', sans-serif",
  defaultRadius: "sm",
});
