import { Alert, Anchor, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { useOffered } from "../../ui/screens";
import { PageHeader } from "../../ui/PageHeader";
import { greetingKey } from "./greeting";
import { OverviewNews } from "./OverviewNews";
import { OverviewAlerts } from "./OverviewAlerts";
import { OverviewStats } from "./OverviewStats";
import { useOverviewStartup } from "./queries";

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * /overview: greeting, role-dependent quick links, the latest news, recent activity and alerts,
 * for a candidate the phone test numbers and where to get help (the Overview startup data), and
 * for client roles their tests by month and by level.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const { startup } = useStartup();
  const name = startup.userFlags?.firstName ?? "";
  // The role's quick links: the screens of ui/screens.ts offered here (place "overview") that it may open.
  const links = useOffered("overview");
  const overview = useOverviewStartup();
  const flags = overview.data;

  return (
    <>
      {/* The greeting is the page's heading; the tab still reads "Overview". */}
      <PageHeader title={t(greetingKey(new Date().getHours()), { name })} documentTitle={t("overview.title")} />
      <Stack gap="xl">
        {flags?.isCandidate && (
          <Alert variant="light" color="blue" title={t("overview.candidate.title")}>
            <Text size="sm">{t("overview.candidate.phoneNumbers", { local: flags.ivrLocalNumber, tollFree: flags.ivrTollFree })}</Text>
            {flags.shouldViewLimitedSupport && (
              <Text size="sm" mt={4}>
                {t("overview.candidate.limitedSupport")}
              </Text>
            )}
          </Alert>
        )}

        {links.length > 0 && (
          <Section id="overview-quick-links" title={t("overview.quickLinks")}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {links.map((l) => (
                <Card key={l.to} withBorder padding="md" component="li">
                  <Anchor component={Link} to={l.to} fw={600}>
                    {t(`overview.links.${l.name}`)}
                  </Anchor>
                  <Text size="sm" c="gray.7" mt={4}>
                    {t(`overview.links.${l.name}Text`)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Section>
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section id="overview-news" title={t("overview.news")}>
            <OverviewNews />
          </Section>
          <Section id="overview-alerts" title={t("overview.alerts")}>
            <OverviewAlerts />
          </Section>
        </SimpleGrid>

        {flags?.authorized.TestHistory && (
          <Section id="overview-stats" title={t("overview.stats.title")}>
            <OverviewStats />
          </Section>
        )}
      </Stack>
    </>
  );
}
