import { useTranslation } from "../../i18n";
import { NavLink } from "react-router";
import type { NavLinkDef } from "../../ui/links";
import { SIGN_OUT_FORM_ID } from "../../ui/signOut";
import classes from "./AppLayout.module.css";
import { Group, Stack } from "../../ui/plain";

/** Links as a row (header) or a column (phone drawer); the current page is marked aria-current. */
export function NavLinks({ links, vertical = false, label }: { links: NavLinkDef[]; vertical?: boolean; label: string }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  const items = links.map((l) =>
    l.signOut ? (
      <button key={l.to} type="submit" form={SIGN_OUT_FORM_ID} className={`${classes.navLink} ${classes.navButton}`}>
        {t(l.labelKey)}
      </button>
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
