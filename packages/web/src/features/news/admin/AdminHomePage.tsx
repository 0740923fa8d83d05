import { Anchor, Card, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { EmptyState } from "../../../ui/RemoteData";
import { useStartup } from "../../../ui/startup";
import { availablePaths } from "../../../ui/availablePaths";
import { visibleLinks } from "../../../ui/links";
import { ADMIN_HUB_LINKS } from "./adminHubLinks";

/** /admin: the administration home, a card for each administration screen the user may open. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const { can, signedIn } = useStartup();
  const links = visibleLinks(ADMIN_HUB_LINKS, { can, signedIn, available: availablePaths });
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
