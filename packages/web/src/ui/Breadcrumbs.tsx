import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from "@mantine/core";
import { useTranslation } from "../i18n";
import { Link } from "react-router";
import { useReachable } from "./reachable";

/** One step of a breadcrumb trail: an ancestor page the user can go back to. */
export interface Crumb {
  label: string;
  to: string;
}

/**
 * The trail above a page heading: the ancestors as links, then the current page as plain text
 * marked aria-current (WAI-ARIA breadcrumb pattern). An ancestor the user may not open
 * (ui/screens.ts) is plain text: no link that ends in "not found".
 */
export function Breadcrumbs({ items, current }: { items: Crumb[]; current: string }) {
  const { t } = useTranslation();
  const reachable = useReachable();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t("shell.breadcrumbs")}>
      {/* Each step 24 px high at least: a touch target when the trail wraps at phone width (WCAG 2.5.8,
          axe target-size). Mantine sets the steps' own style, so through its styles. */}
      <MantineBreadcrumbs separatorMargin={6} style={{ flexWrap: "wrap", rowGap: 4 }} styles={{ breadcrumb: { display: "inline-flex", alignItems: "center", minHeight: 24 } }}>
        {items.map((item) =>
          reachable(item.to) ? (
            <Anchor key={item.to} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={item.to} size="sm" c="gray.7">
              {item.label}
            </Text>
          ),
        )}
        <Text size="sm" c="gray.7" aria-current="page">
          {current}
        </Text>
      </MantineBreadcrumbs>
    </nav>
  );
}

/** The ancestors most pages share, translated: Home "/" and Language Testing "/testing". */
export function useStandardCrumbs(): { home: Crumb; testing: Crumb } {
  const { t } = useTranslation();
  return {
    home: { label: t("nav.home"), to: "/" },
    testing: { label: t("nav.languageTesting"), to: "/testing" },
  };
}
