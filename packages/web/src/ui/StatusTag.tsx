import { Text } from "@mantine/core";

const TONES = {
  // Darker than the theme's shade 9, so small bold text passes contrast on striped rows too.
  good: { color: "#1d6b2e", icon: "✓" },
  bad: { color: "#a61e1e", icon: "✗" },
  note: { color: "#933a00", icon: "⟲" },
  neutral: { color: "gray.8", icon: "–" },
} as const;

/** A short status with an icon and its word (never colour alone), e.g. the review flag or an automatic result. */
export function StatusTag({ tone, children }: { tone: keyof typeof TONES; children: React.ReactNode }) {
  const { color, icon } = TONES[tone];
  return (
    <Text span size="sm" fw={600} c={color} style={{ whiteSpace: "nowrap" }}>
      <span aria-hidden="true">{icon} </span>
      {children}
    </Text>
  );
}
