import type { ReactNode } from "react";
import { Group, Stack, Title } from "@mantine/core";
import { Breadcrumbs, type Crumb } from "./Breadcrumbs";
import { usePageMeta } from "./pageMeta";

// A screen without this header (the sign-in card) takes usePageMeta from pageMeta.ts, without the breadcrumbs.
export { usePageMeta };

/**
 * The top of every page: breadcrumbs, the one h1 of the page, and optional actions beside it.
 * `breadcrumbs` lists the ANCESTORS only (e.g. Home, Language Testing); the title is appended as
 * the current page. Also sets document.title.
 */
export function PageHeader({
  title,
  breadcrumbs = [],
  actions,
  documentTitle,
}: {
  title: string;
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
  /** Browser tab title when it should differ from the heading (default: the title). */
  documentTitle?: string;
}) {
  usePageMeta({ title: documentTitle ?? title });
  return (
    <Stack gap={6} mb="lg">
      <Breadcrumbs items={breadcrumbs} current={title} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
