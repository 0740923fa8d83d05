import { Anchor, Card, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { EmptyState } from "../../../ui/RemoteData";
import { useOffered } from "../../../ui/screens";

/** Each card's title and text, by its name in ui/screens.ts (the strings of the area it leads to). */
const CARD_TEXT: Record<string, readonly [string, string]> = {
  news: ["newsAdmin.hub.news", "newsAdmin.hub.newsText"],
  flags: ["admin.hub.flags", "admin.hub.flagsText"],
  impersonate: ["admin.hub.impersonate", "admin.hub.impersonateText"],
  session: ["admin.hub.session", "admin.hub.sessionText"],
  accounts: ["backofficeAccounts.hub.accounts", "backofficeAccounts.hub.accountsText"],
  staff: ["backofficeStaff.hub.staff", "backofficeStaff.hub.staffText"],
  evaluators: ["backofficeStaff.hub.evaluators", "backofficeStaff.hub.evaluatorsText"],
  tests: ["boCatalogue.hub.title", "boCatalogue.hub.text"],
};

/** /admin: the administration home, a card for each administration screen the user may open (ui/screens.ts, place "admin"). */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const links = useOffered("admin").map((l) => ({ to: l.to, labelKey: CARD_TEXT[l.name]![0], descriptionKey: CARD_TEXT[l.name]![1] }));
  return (
    <>
      <PageHeader title={t("newsAdmin.hub.title")} breadcrumbs={[home]} />
      {links.length === 0 ? (
        <EmptyState message={t("newsAdmin.hub.nothing")} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {links.map((l) => (
            <Card key={l.to} withBorder padding="md" component="li">
              <Anchor component={Link} to={l.to} fw={600}>
                {t(l.labelKey)}
              </Anchor>
              <Text size="sm" c="gray.7" mt={4}>
                {t(l.descriptionKey)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
