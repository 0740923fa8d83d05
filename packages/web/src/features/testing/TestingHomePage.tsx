import { Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { useOffered } from "../../ui/screens";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { LinkCards } from "../../ui/LinkCards";

/**
 * /testing: the cards of client-administration.md §2, one per screen the user may open (ui/screens.ts,
 * place "testing"), in the spec's order.
 */
export default function TestingHomePage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const cards = useOffered("testing");

  return (
    <>
      <PageHeader title={t("testingHome.title")} breadcrumbs={[home]} />
      {cards.length === 0 ? (
        <Text c="gray.7">{t("testingHome.empty")}</Text>
      ) : (
        <LinkCards
          headingLevel="h2"
          items={cards.map((c) => ({ to: c.to, label: t(`testingHome.cards.${c.name}`), description: t(`testingHome.cards.${c.name}Text`) }))}
        />
      )}
    </>
  );
}
