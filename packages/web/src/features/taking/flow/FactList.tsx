import { Anchor, Box, Text } from "@mantine/core";

export interface Fact {
  label: string;
  value: string;
  /** Shown in a fixed-width font (codes a candidate types elsewhere). */
  mono?: boolean;
  href?: string;
}

/** Label–value pairs as a description list: an access code, a phone number. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <Box component="dl" m={0} style={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 16, rowGap: 4 }}>
      {facts.map((f) => (
        <Box key={f.label} style={{ display: "contents" }}>
          <Text component="dt" fw={500}>
            {f.label}
          </Text>
          <Text component="dd" m={0} ff={f.mono ? "monospace" : undefined} fz={f.mono ? "lg" : undefined} style={{ overflowWrap: "anywhere" }}>
            {f.href ? <Anchor href={f.href}>{f.value}</Anchor> : f.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
