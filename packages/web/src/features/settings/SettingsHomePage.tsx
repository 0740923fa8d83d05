import { Card, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStartup } from "../../app/startup";
import { availablePaths } from "../../app/router";
import { visibleLinks } from "../../app/layout/links";
import { PageHeader } from "../../app/layout/PageHeader";
import { useStandardCrumbs } from "../../app/layout/Breadcrumbs";
import { OfficesSection } from "./offices/OfficesSection";
import { OFFICES_ANCHOR, SETTINGS_CARDS } from "./settingsCards";
import classes from "./SettingsHomePage.module.css";

/** /testing/settings: cards to each settings area, then the offices list (spec §2). */
export default function SettingsHomePage() {
  const { t } = useTranslation();
  const { can, signedIn } = useStartup();
  const { home, testing } = useStandardCrumbs();
  const available = new Set([...availablePaths, OFFICES_ANCHOR]);
  const cards = visibleLinks(SETTINGS_CARDS, { can, signedIn, available });

  return (
    <>
      <PageHeader title={t("settings.title")} breadcrumbs={[home, testing]} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" className={classes.list} mb="xl" aria-label={t("settings.cardsLabel")}>
        {cards.map((c) => (
          <li key={c.to}>
            <SettingsCard to={c.to} label={t(c.labelKey)} description={t(c.descriptionKey)} />
          </li>
        ))}
      </SimpleGrid>
      {can("offices") && <OfficesSection />}
    </>
  );
}

/** The whole card is the link, named by its title. The offices card jumps to the list below. */
function SettingsCard({ to, label, description }: { to: string; label: string; description: string }) {
  const body = (
    <>
      <Text fw={700} fz="lg" c="indigo.9">
        {label}
      </Text>
      <Text size="sm" c="gray.7" mt={6}>
        {description}
      </Text>
    </>
  );
  return to.startsWith("#") ? (
    <Card component="a" href={to} withBorder padding="lg" className={classes.card}>
      {body}
    </Card>
  ) : (
    <Card component={Link} to={to} withBorder padding="lg" className={classes.card}>
      {body}
    </Card>
  );
}
