import type { CSSProperties, ReactNode } from "react";
import { usePageMeta } from "../../ui/pageMeta";
import { Stack, Text } from "../../ui/plain";
import classes from "./AuthCard.module.css";

/**
 * The narrow centred card the sign-in screens share: one h1, an optional lead, the form. Mantine's
 * Paper and Title written out (ui/plain.tsx): the sign-in page is drawn without Mantine's code.
 */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  usePageMeta({ title });
  return (
    <div style={{ "--paper-radius": "var(--mantine-radius-md)", marginInline: "auto", maxWidth: "calc(27.5rem * var(--mantine-scale))" } as CSSProperties} className={`m_1b7284a3 mantine-Paper-root ${classes.card}`} data-with-border="true">
      <Stack gap="md">
        <h1 style={{ "--title-fw": "var(--mantine-h1-font-weight)", "--title-lh": "var(--mantine-h1-line-height)", "--title-fz": "var(--mantine-h1-font-size)" } as CSSProperties} className={`m_8a5d1357 mantine-Title-root ${classes.title}`} data-order="1">
          {title}
        </h1>
        {lead && <Text color="var(--mantine-color-gray-7)">{lead}</Text>}
        {children}
      </Stack>
    </div>
  );
}
