import { Anchor, Card, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { INTERPRETATION_DESK, INTERPRETATION_FORM_TYPES } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { RequestForm } from "./RequestForm";

/**
 * /interpretation (evaluators-results-account.md §2): the interpretation services — the four ways
 * an interpreter works and how to reach the desk — and the request form.
 */
export default function InterpretationPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  return (
    <>
      <PageHeader title={t("interpretation.title")} breadcrumbs={[home]} />
      <Stack gap="lg" maw={900}>
        <Text>{t("interpretation.intro")}</Text>
        <section aria-labelledby="interpretation-services">
          <Title order={2} size="h3" id="interpretation-services" mb="xs">
            {t("interpretation.servicesHeading")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {INTERPRETATION_FORM_TYPES.map((type) => (
              <Card key={type} withBorder padding="md">
                <Title order={3} size="h4">
                  {t(`interpretation.formTypes.${type}`)}
                </Title>
                <Text size="sm">{t(`interpretation.services.${type}`)}</Text>
              </Card>
            ))}
          </SimpleGrid>
          <List mt="md" spacing={4} size="sm">
            <List.Item>
              {t("interpretation.deskPhone")}: <Anchor href={`tel:${INTERPRETATION_DESK.phone.replace(/[^0-9+]/g, "")}`}>{INTERPRETATION_DESK.phone}</Anchor>
            </List.Item>
            <List.Item>
              {t("interpretation.deskEmail")}: <Anchor href={`mailto:${INTERPRETATION_DESK.email}`}>{INTERPRETATION_DESK.email}</Anchor>
            </List.Item>
          </List>
        </section>
        <Paper withBorder p={{ base: "md", sm: "lg" }} component="section">
          <Title order={2} size="h3" id="interpretation-form-title" mb="md">
            {t("interpretation.formHeading")}
          </Title>
          <RequestForm />
        </Paper>
      </Stack>
    </>
  );
}
