import { Card, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStartup } from "../../app/startup";
import { availablePaths } from "../../app/router";
import { visibleLinks } from "../../app/layout/links";
import { PageHeader } from "../../app/layout/PageHeader";
import { useStandardCrumbs } from "../../app/layout/Breadcrumbs";
import { TESTING_CARDS } from "./testingCards";
import classes from "./TestingHomePage.module.css";

/**
 * /testing: one card per area the user holds the permission for. Cards of screens not built yet
 * are left out rather than shown disabled: the permission alone decides once they exist.
 */
export default function TestingHomePage() {
  const { t } = useTranslation();
  const { can, signedIn } = useStartup();
  const { home } = useStandardCrumbs();
  const cards = visibleLinks(TESTING_CARDS, { can, signedIn, available: availablePaths });

  return (
    <>
      <PageHeader title={t("testingHome.title")} breadcrumbs={[home]} />
      {cards.length === 0 ? (
        <Text c="gray.7">{t("testingHome.empty")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" className={classes.list}>
          {cards.map((c) => (
            <li key={c.to}>
              {/* The whole card is the link; its name is the heading text. */}
              <Card component={Link} to={c.to} withBorder padding="lg" className={classes.card}>
                <Text component="h2" fw={700} fz="lg" c="indigo.9" m={0}>
                  {t(c.labelKey)}
                </Text>
                <Text size="sm" c="gray.7" mt={6}>
                  {t(c.descriptionKey)}
                </Text>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
