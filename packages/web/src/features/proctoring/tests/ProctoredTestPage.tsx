import { Alert, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { type ProctoredTestPage as PageData } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatClockTime, formatDate } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { useStartup } from "../../../ui/startup";
import { RemoteData } from "../../../ui/RemoteData";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useTestStatusText } from "../../../ui/testStatus";
import { DeliveryUploadButton } from "../../taking";
import { proctoredTestCatalogs, useProctoredTest } from "./queries";
import { zoneName } from "./sitting";

/**
 * One proctored test (/testing/proctor/tests/{id}, ours; issue 27 point 3): the sitting, the
 * candidate, the test's state, and the candidate's sealed answers file uploaded here by the
 * proctor (the same upload as the candidate's tests table and the Thank You page). After an
 * upload the page reads the test again: the answers recorded and the receipt.
 */
export default function ProctoredTestPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const errorText = useApiErrorText(proctoredTestCatalogs);
  const n = Number(useParams().id);
  const id = Number.isInteger(n) && n > 0 ? n : 0;
  const query = useProctoredTest(id);
  const title = query.data?.description ?? t("proctoredTests.testTitle");
  return (
    <>
      <PageHeader title={title} breadcrumbs={[home, testing, { label: t("proctoredTests.title"), to: "/testing/proctor/tests" }]} />
      <RemoteData
        query={query}
        skeletonRows={4}
        renderError={(e) => (
          <Alert color="red" variant="light" role="alert">
            {errorText(e)}
          </Alert>
        )}
      >
        {(data) => <TestFacts data={data} />}
      </RemoteData>
    </>
  );
}

function TestFacts({ data }: { data: PageData }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const statusText = useTestStatusText();
  const fact = (label: string, value: string) => (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text style={{ overflowWrap: "anywhere" }}>{value}</Text>
    </div>
  );
  return (
    <Stack gap="lg" maw={880}>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {fact(t("proctoredTests.columns.number"), String(data.id))}
          {fact(t("proctoredTests.columns.candidate"), data.candidate_name)}
          {fact(t("proctoredTests.account"), data.account_name)}
          {fact(t("proctoredTests.columns.date"), formatDate(data.starts_at, language, data.time_zone))}
          {fact(t("proctoredTests.columns.time"), `${formatClockTime(data.starts_at, language, data.time_zone)} (${zoneName(data.time_zone, language)})`)}
          {fact(t("proctoredTests.duration"), t("proctoredTests.minutes", { count: data.duration_minutes }))}
          {fact(t("proctoredTests.columns.status"), statusText(data.status).status)}
          {data.answered !== null && fact(t("proctoredTests.answered"), String(data.answered))}
        </SimpleGrid>
      </Paper>
      {data.receipt && (
        <Text size="sm">
          {t("proctoredTests.receipt")}{" "}
          <code data-testid="proctored-receipt" style={{ wordBreak: "break-all" }}>
            {data.receipt}
          </code>
        </Text>
      )}
      <section aria-labelledby="answers-file">
        <Title order={2} size="h3" id="answers-file" mb="xs">
          {t("proctoredTests.fileTitle")}
        </Title>
        {data.uploadable ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("proctoredTests.fileLead")}</Text>
            <DeliveryUploadButton assignedTestId={data.id} test={data.description} />
          </Stack>
        ) : (
          <Text size="sm" c="gray.7">
            {t("proctoredTests.notStarted")}
          </Text>
        )}
      </section>
    </Stack>
  );
}
