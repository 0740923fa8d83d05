import { Anchor, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { Link } from "react-router";
import { useStartup } from "../../ui/startup";
import { availablePaths } from "../../ui/availablePaths";
import { visibleLinks } from "../../ui/links";
import { PageHeader } from "../../ui/PageHeader";
import { greetingKey } from "./greeting";
import { QUICK_LINKS } from "./quickLinks";

/**
 * /overview: greeting, role-dependent quick links, news and alerts. News articles (at most 3,
 * summaries cut at 120 characters) and alert events come with the news and activity issues;
 * until then both sections show the spec's empty states.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const { startup, can, signedIn } = useStartup();
  const name = startup.userFlags?.firstName ?? "";
  const links = visibleLinks(QUICK_LINKS, { can, signedIn, available: availablePaths });

  return (
    <>
      {/* The greeting is the page's heading; the tab still reads "Overview". */}
      <PageHeader title={t(greetingKey(new Date().getHours()), { name })} documentTitle={t("overview.title")} />
      <Stack gap="xl">

        {links.length > 0 && (
          <section aria-labelledby="overview-quick-links">
            <Title order={2} size="h3" id="overview-quick-links" mb="sm">
              {t("overview.quickLinks")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {links.map((l) => (
                <Card key={l.to} withBorder padding="md">
                  <Anchor component={Link} to={l.to} fw={600}>
                    {t(l.labelKey)}
                  </Anchor>
                  <Text size="sm" c="gray.7" mt={4}>
                    {t(l.descriptionKey)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <section aria-labelledby="overview-news">
            <Title order={2} size="h3" id="overview-news" mb="sm">
              {t("overview.news")}
            </Title>
            <Card withBorder padding="md">
              <Text c="gray.7">{t("overview.noNews")}</Text>
            </Card>
          </section>
          <section aria-labelledby="overview-alerts">
            <Title order={2} size="h3" id="overview-alerts" mb="sm">
              {t("overview.alerts")}
            </Title>
            <Card withBorder padding="md">
              <Text c="gray.7">{t("overview.noAlerts")}</Text>
            </Card>
          </section>
        </SimpleGrid>
      </Stack>
    </>
  );
}
