import { Anchor, Stack, Text } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import type { ProctoredTest } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatClockTime, formatDate } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { useStartup } from "../../../ui/startup";
import { DataTable, type DataColumn } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { useTestStatusText } from "../../../ui/testStatus";
import { useProctoredTests } from "./queries";
import { zoneName } from "./sitting";

/**
 * Proctored Tests (/testing/proctor/tests, ours; issue 27 point 3): the online tests of the
 * proctoring reservations booked with the signed-in proctor, newest sitting first, 20 a page, each
 * leading to its page, where the proctor uploads the candidate's sealed answers file. Dates and
 * times are the sitting's, in the zone it was booked in.
 */
export default function ProctoredTestsPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home, testing } = useStandardCrumbs();
  const statusText = useTestStatusText();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const query = useProctoredTests(page);
  const setPage = (p: number) =>
    setParams((q) => {
      q.set("page", String(p));
      return q;
    });

  const columns: DataColumn<ProctoredTest>[] = [
    {
      key: "number",
      header: t("proctoredTests.columns.number"),
      rowHeader: true,
      nowrap: true,
      cell: (r) => (
        <Anchor component={Link} to={`/testing/proctor/tests/${r.id}`} aria-label={t("proctoredTests.open", { number: r.id, test: r.description })}>
          {r.id}
        </Anchor>
      ),
    },
    { key: "test", header: t("proctoredTests.columns.test"), cell: (r) => r.description },
    { key: "candidate", header: t("proctoredTests.columns.candidate"), cell: (r) => r.candidate_name },
    { key: "date", header: t("proctoredTests.columns.date"), nowrap: true, cell: (r) => formatDate(r.starts_at, language, r.time_zone) },
    {
      key: "time",
      header: t("proctoredTests.columns.time"),
      nowrap: true,
      cell: (r) => `${formatClockTime(r.starts_at, language, r.time_zone)} (${zoneName(r.time_zone, language)})`,
    },
    { key: "status", header: t("proctoredTests.columns.status"), cell: (r) => statusText(r.status).status },
  ];

  return (
    <>
      <PageHeader title={t("proctoredTests.title")} breadcrumbs={[home, testing]} />
      <Text c="gray.7" mb="md">
        {t("proctoredTests.lead")}
      </Text>
      <RemoteData query={query} skeletonRows={5} isEmpty={(d) => d.itemCount === 0} empty={<EmptyState message={t("proctoredTests.empty")} />}>
        {(data) => (
          <Stack gap="md">
            <Text size="sm" c="gray.7" aria-live="polite">
              {t("proctoredTests.summary", { count: data.itemCount })}
            </Text>
            {data.tests.length > 0 ? (
              <DataTable caption={t("proctoredTests.caption")} captionHidden columns={columns} rows={data.tests} rowKey={(r) => r.id} />
            ) : (
              <EmptyState message={t("proctoredTests.pastEnd")} />
            )}
            <Pager page={data.page} pageCount={data.pageCount} onChange={setPage} label={t("proctoredTests.pages")} />
          </Stack>
        )}
      </RemoteData>
    </>
  );
}
