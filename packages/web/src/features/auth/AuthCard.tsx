import type { ReactNode } from "react";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { usePageMeta } from "../../ui/pageMeta";

/** The narrow centred card the sign-in screens share: one h1, an optional lead, the form. */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  usePageMeta({ title });
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={440} mx="auto" mt={{ base: "xs", sm: "xl" }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {lead && <Text c="gray.7">{lead}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}
