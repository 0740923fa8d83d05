import { Anchor, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { PageHeader } from "../../ui/PageHeader";
import { useReachable } from "../../ui/reachable";

interface HelpCard {
  to: string;
  key: string;
  show: boolean;
}

/** /help/: the guides, the evaluator documents for those who may read them, the scales and how to reach us. */
export function HelpHomePage() {
  const { t } = useTranslation();
  const { can } = useStartup();
  const reachable = useReachable();
  const cards: HelpCard[] = [
    { to: "/help/administrator", key: "administrator", show: true },
    { to: "/help/candidate", key: "candidate", show: true },
    { to: "/help/documents", key: "documents", show: can("evaluatorDocuments") },
    { to: "/testing/scales", key: "scales", show: true },
    { to: "/contact", key: "contact", show: reachable("/contact") },
  ];
  return (
    <>
      <PageHeader title={t("help.title")} breadcrumbs={[{ label: t("nav.home"), to: "/" }]} />
      <Stack gap="md" maw={960}>
        <Text>{t("help.intro")}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {cards
            .filter((c) => c.show)
            .map((c) => (
              <Card key={c.key} withBorder padding="lg">
                <Title order={2} size="h4" mb={4}>
                  <Anchor component={Link} to={c.to}>
                    {t(`help.cards.${c.key}.title`)}
                  </Anchor>
                </Title>
                <Text size="sm" c="gray.7">
                  {t(`help.cards.${c.key}.text`)}
                </Text>
              </Card>
            ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}
