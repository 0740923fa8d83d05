import { useState } from "react";
import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { ConfirmationStatus, EvaluatorScheduledTest } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatClockTime, formatDate } from "../../i18n/format";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { useStartup } from "../../ui/startup";
import { type DataColumn } from "../../ui/DataTable";
import { GroupedTables } from "../../ui/GroupedTables";
import { Pager } from "../../ui/Pager";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { useMethodLabel } from "../../ui/testStatus";
import { StatusTag } from "../../ui/StatusTag";
import { useEvaluatorSchedule } from "./queries";
import { schedulePage } from "./scheduleGroups";
import { useZoneLabel } from "./zoneLabel";

const STATUS_TONE: Record<ConfirmationStatus, "good" | "note" | "neutral"> = { unconfirmed: "note", confirmed: "good", declined: "neutral" };

/**
 * Scheduled Tests (/testing/evaluators/schedule, evaluators-results-account.md §2): the live and
 * video tests booked with the evaluator, in the groups Today, Tomorrow, This Week, Next Week and
 * Future. Dates and times are shown in the zone the server grouped them in (the evaluator's), so
 * "Today" and the times agree whatever the browser's zone.
 */
export default function ScheduledTestsPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home, testing } = useStandardCrumbs();
  const query = useEvaluatorSchedule();
  const methodLabel = useMethodLabel();
  const [page, setPage] = useState(1);
  const zoneLabel = useZoneLabel();

  const columns = (zone: string): DataColumn<EvaluatorScheduledTest>[] => [
    { key: "number", header: t("evaluatorSchedule.columns.number"), rowHeader: true, nowrap: true, cell: (r) => (
        <Anchor component={Link} to={`/testing/evaluators/confirmation_status/${r.id}`} aria-label={t("evaluatorActions.openTest", { number: r.id, test: r.description })}>
          {r.id}
        </Anchor>
      ) },
    { key: "test", header: t("evaluatorSchedule.columns.test"), cell: (r) => r.description },
    { key: "candidate", header: t("evaluatorSchedule.columns.candidate"), cell: (r) => r.candidate_name },
    { key: "method", header: t("evaluatorSchedule.columns.method"), nowrap: true, cell: (r) => methodLabel(r.test_method_short_name) },
    { key: "date", header: t("evaluatorSchedule.columns.date"), nowrap: true, cell: (r) => formatDate(r.starts_at, language, zone) },
    { key: "time", header: t("evaluatorSchedule.columns.time"), nowrap: true, cell: (r) => formatClockTime(r.starts_at, language, zone) },
    {
      key: "status",
      header: t("evaluatorSchedule.columns.status"),
      nowrap: true,
      cell: (r) => (
        <StatusTag tone={STATUS_TONE[r.confirmation_status]}>{t(`evaluatorSchedule.status.${r.confirmation_status}`)}</StatusTag>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t("evaluatorSchedule.title")} breadcrumbs={[home, testing]} />
      <RemoteData
        query={query}
        skeletonRows={5}
        isEmpty={(d) => d.scheduled_tests.length === 0}
        empty={<EmptyState message={t("evaluatorSchedule.empty")} />}
        errorTitle={t("evaluatorSchedule.messages.loadFailure")}
      >
        {(data) => {
          const { groups, pageCount, page: current } = schedulePage(data.scheduled_tests, page);
          return (
            <Stack gap="xl">
              <Text size="sm" c="gray.7">
                {t("evaluatorSchedule.summary", { count: data.scheduled_tests.length, zone: zoneLabel(data.time_zone) })}
              </Text>
              <GroupedTables
                groups={groups}
                titleOf={(group) => t(`evaluatorSchedule.groups.${group}`)}
                columns={columns(data.time_zone)}
                rowKey={(r) => r.id}
                idPrefix="scheduled"
              />
              <Pager page={current} pageCount={pageCount} onChange={setPage} label={t("evaluatorSchedule.pages")} />
            </Stack>
          );
        }}
      </RemoteData>
    </>
  );
}
