import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { useReachable } from "../../ui/reachable";
import { SERVICE_LINE_CONTACTS, SERVICE_LINE_OFFERS, type ServiceLine } from "./contacts";

/**
 * A service line's page (/training, /translation): what the provider offers in it and whom to
 * reach, by telephone, email or the contact form.
 */
export function ServiceLinePage({ line }: { line: ServiceLine }) {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const reachable = useReachable();
  return (
    <>
      <PageHeader title={t(`serviceLines.${line}.title`)} breadcrumbs={[home]} />
      <Stack gap="lg" maw={900}>
        <Text>{t(`serviceLines.${line}.intro`)}</Text>
        <section aria-labelledby={`${line}-offers`}>
          <Title order={2} size="h3" id={`${line}-offers`} mb="xs">
            {t("serviceLines.offersHeading")}
          </Title>
          <List spacing="xs">
            {SERVICE_LINE_OFFERS[line].map((key) => (
              <List.Item key={key}>{t(`serviceLines.${line}.offers.${key}`)}</List.Item>
            ))}
          </List>
        </section>
        <section aria-labelledby={`${line}-contact`}>
          <Title order={2} size="h3" id={`${line}-contact`} mb="xs">
            {t("serviceLines.contactHeading")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SERVICE_LINE_CONTACTS[line].map((c) => (
              <Card key={c.key} withBorder padding="md">
                <Title order={3} size="h4">
                  {t(`serviceLines.contacts.${c.key}.name`)}
                </Title>
                <Text size="sm" c="gray.7" mb="xs">
                  {t(`serviceLines.contacts.${c.key}.purpose`)}
                </Text>
                <Text size="sm">
                  {t("serviceLines.phone")}: <Anchor href={`tel:${c.phone.replace(/[^0-9+]/g, "")}`}>{c.phone}</Anchor>
                </Text>
                <Text size="sm">
                  {t("serviceLines.email")}: <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          {reachable("/contact") && (
            <Text mt="md">
              <Anchor component={Link} to="/contact">
                {t("serviceLines.contactForm")}
              </Anchor>
            </Text>
          )}
        </section>
      </Stack>
    </>
  );
}
