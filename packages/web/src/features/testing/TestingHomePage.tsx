import { Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { availablePaths } from "../../ui/availablePaths";
import { visibleLinks } from "../../ui/links";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { TESTING_CARDS } from "./testingCards";
import { LinkCards } from "../../ui/LinkCards";

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
        <LinkCards
          headingLevel="h2"
          items={cards.map((c) => ({ to: c.to, label: t(c.labelKey), description: t(c.descriptionKey) }))}
        />
      )}
    </>
  );
}
