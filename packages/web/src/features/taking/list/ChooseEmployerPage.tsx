import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link, useParams } from "react-router";
import { type ChooseAccountView } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { formatDate, formatDateTime } from "../../../i18n/format";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { useMethodLabel } from "../../../ui/testStatus";
import { isNotFound, useChooseAccount } from "./queries";

/** /testing/tests/choose_account/:ids: a test assigned by several employers — which one is this for? */
export default function ChooseEmployerPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const ids = useParams().ids ?? "";
  const valid = /^\d{1,10}(,\d{1,10})*$/.test(ids);
  const query = useChooseAccount(ids, valid);
  const crumbs = [home, testing, { label: t("takeTest.title"), to: "/testing/tests" }];
  const notFound = <EmptyState message={t("takeTest.choose.notFound")} action={<BackToList />} />;

  return (
    <>
      <PageHeader title={t("takeTest.choose.title")} breadcrumbs={crumbs} />
      {!valid ? (
        notFound
      ) : (
        <RemoteData query={query} renderError={(err) => (isNotFound(err) ? notFound : undefined)}>
          {(view) => <Employers view={view} />}
        </RemoteData>
      )}
    </>
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/testing/tests" variant="default">
      {t("takeTest.backToList")}
    </Button>
  );
}

function Employers({ view }: { view: ChooseAccountView }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const methodLabel = useMethodLabel();
  const descriptions = [...new Set(view.employers.map((e) => e.testDescription))];
  return (
    <Stack gap="md">
      <Text>{t("takeTest.choose.lead", { test: descriptions.join(" / ") })}</Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("takeTest.choose.listLabel")}>
        {view.employers.map((e) => {
          const titleId = `employer-${e.assignedTestId}`;
          return (
            <Paper component="li" key={e.assignedTestId} withBorder p="md" radius="md" aria-labelledby={titleId}>
              <Stack gap={6}>
                <Title order={2} fz="md" id={titleId}>
                  {e.accountName}
                </Title>
                {e.officeName && (
                  <Text size="sm">
                    <Text span fw={600}>
                      {t("takeTest.choose.office")}:{" "}
                    </Text>
                    {e.officeName}
                  </Text>
                )}
                <Text size="sm">
                  <Text span fw={600}>
                    {t("takeTest.choose.test")}:{" "}
                  </Text>
                  {e.testDescription} ({methodLabel(e.testMethod)})
                </Text>
                <Text size="sm">
                  <Text span fw={600}>
                    {t("takeTest.choose.assigned")}:{" "}
                  </Text>
                  {formatDate(e.assignedAt, language)}
                </Text>
                <Text size="sm">
                  <Text span fw={600}>
                    {t("takeTest.choose.expires")}:{" "}
                  </Text>
                  {formatDateTime(e.expiresAt, language)}
                </Text>
                <Group mt={4}>
                  <Button component={Link} to={e.href} size="sm" aria-describedby={titleId}>
                    {t("takeTest.choose.takeFor", { account: e.accountName })}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <Group>
        <BackToList />
      </Group>
    </Stack>
  );
}
