import { Alert, Button, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link, useParams } from "react-router";
import { INTL_LOCALE, type CatalogueTestDetail } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatDate } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { PageLoader } from "../../../ui/PageLoader";
import { StatusTag } from "../../../ui/StatusTag";
import { useStartup } from "../../../ui/startup";
import { ContentSection } from "../content";
import { isNotFound, useCatalogueTest } from "./queries";
import { editTestPath, parseTestId, useCatalogueCrumbs } from "./paths";
import { languageName, timesOf } from "./labels";
import { AccountsSection } from "./AccountsSection";
import { CutScoresSection } from "./CutScoresSection";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

function Details({ test }: { test: CatalogueTestDetail }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const yesNo = (v: boolean) => t(v ? "ui.yes" : "ui.no");
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-label={t("boCatalogue.details")}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" m={0}>
        <Fact label={t("boCatalogue.fields.state")}>
          <StatusTag tone={test.is_active ? "good" : "neutral"}>{t(test.is_active ? "boCatalogue.active" : "boCatalogue.retired")}</StatusTag>
        </Fact>
        <Fact label={t("boCatalogue.fields.language")}>{languageName(INTL_LOCALE[language], test.language)}</Fact>
        <Fact label={t("boCatalogue.fields.method")}>{t(`boCatalogue.methods.${test.method}`)}</Fact>
        <Fact label={t("boCatalogue.fields.testType")}>{t(`boCatalogue.types.${test.test_type}`)}</Fact>
        <Fact label={t("boCatalogue.fields.times")}>{timesOf(t, test)}</Fact>
        <Fact label={t("boCatalogue.fields.proctored")}>{yesNo(test.proctored)}</Fact>
        <Fact label={t("boCatalogue.fields.medical")}>{yesNo(test.is_medical)}</Fact>
        <Fact label={t("boCatalogue.fields.contentKey")}>{test.content_key ?? "—"}</Fact>
        <Fact label={t("boCatalogue.fields.createdAt")}>{formatDate(test.created_at, language)}</Fact>
      </SimpleGrid>
    </Paper>
  );
}

/** /admin/tests/{id}: a catalogue test, the accounts that may assign it at their prices, and its content. */
export default function TestPage() {
  const { t } = useTranslation();
  const crumbs = useCatalogueCrumbs();
  const testId = parseTestId(useParams().id);
  const test = useCatalogueTest(testId);
  if (testId === null || test.isError) {
    return (
      <>
        <PageHeader title={t("boCatalogue.testTitle")} breadcrumbs={crumbs} />
        <Alert color="red" variant="light" role="alert">
          {testId === null || isNotFound(test.error) ? t("boCatalogue.messages.notFound") : t("specMessages.listLoadFailure")}
        </Alert>
      </>
    );
  }
  if (test.isPending) return <PageLoader />;
  const data = test.data;
  return (
    <>
      <PageHeader
        title={data.description}
        breadcrumbs={crumbs}
        actions={
          <Button component={Link} to={editTestPath(data.id)} variant="default" aria-label={t("boCatalogue.editNamed", { name: data.description })}>
            {t("boCatalogue.edit")}
          </Button>
        }
      />
      <Stack gap="lg">
        <Details test={data} />
        <AccountsSection test={data} />
        <ContentSection testId={data.id} contentKey={data.content_key} editPath={editTestPath(data.id)} />
        {data.content_versions > 0 && <CutScoresSection testId={data.id} />}
      </Stack>
    </>
  );
}
