import { Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import type { NavLinkDef } from "./links";
import classes from "./AppLayout.module.css";

/** Links as a row (header) or a column (phone drawer); the current page is marked aria-current. */
export function NavLinks({ links, vertical = false, label }: { links: NavLinkDef[]; vertical?: boolean; label: string }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  const items = links.map((l) =>
    l.fullPage ? (
      <a key={l.to} href={l.to} className={classes.navLink}>
        {t(l.labelKey)}
      </a>
    ) : (
      <NavLink key={l.to} to={l.to} className={classes.navLink} end={l.to === "/"}>
        {t(l.labelKey)}
      </NavLink>
    ),
  );
  return (
    <nav aria-label={label}>
      {vertical ? <Stack gap={2}>{items}</Stack> : <Group gap={4} wrap="nowrap">{items}</Group>}
    </nav>
  );
}
