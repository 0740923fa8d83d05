import type { ReactNode } from "react";
import { Stack, Text } from "@mantine/core";

/** One term and its value in a result's description list (the verified result, a checked credential). */
export function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="gray.7">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}
