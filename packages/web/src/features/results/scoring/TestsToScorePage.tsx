import { useState } from "react";
import { Anchor, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link } from "react-router";
import type { ScoreableTest } from "@parlance/contract";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { useStartup } from "../../../ui/startup";
import { formatDateTime } from "../../../i18n/format";
import { type DataColumn } from "../../../ui/DataTable";
import { GroupedTables } from "../../../ui/GroupedTables";
import { Pager } from "../../../ui/Pager";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { useMethodLabel } from "../../../ui/testStatus";
import { groupPage } from "./dueGroups";
import { scoringEditPath } from "./paths";
import { useScoreableTests } from "./queries";
import { ReviewFlag } from "./ReviewFlag";

/**
 * Tests to score (/testing/results, spec §2): the evaluator's assigned tests in the groups Overdue,
 * Due Today, Due Tomorrow and Due Later, each row linking to its scoring page. Dates are shown in
 * the zone the server grouped them in, so "Due Today" and the times agree.
 */
export default function TestsToScorePage() {
  const { t } = useTranslation();
  const { language, startup } = useStartup();
  const { home, testing } = useStandardCrumbs();
  const query = useScoreableTests(startup.userFlags?.userId ?? 0);
  const methodLabel = useMethodLabel();
  const [page, setPage] = useState(1);

  const columns = (zone: string): DataColumn<ScoreableTest>[] => [
    { key: "review", header: t("scoring.list.columns.review"), cell: (r) => <ReviewFlag isReview={r.is_review} />, nowrap: true },
    {
      key: "number",
      header: t("scoring.list.columns.number"),
      rowHeader: true,
      nowrap: true,
      cell: (r) => (
        <Anchor component={Link} to={scoringEditPath(r.id)} aria-label={t("scoring.list.scoreLink", { number: r.number, test: r.description })}>
          {r.number}
        </Anchor>
      ),
    },
    { key: "test", header: t("scoring.list.columns.test"), cell: (r) => r.description },
    { key: "method", header: t("scoring.list.columns.method"), cell: (r) => methodLabel(r.method_short_name), nowrap: true },
    { key: "candidate", header: t("scoring.list.columns.candidate"), cell: (r) => r.candidate_name ?? "—" },
    { key: "date", header: t("scoring.list.columns.dateTime"), cell: (r) => formatDateTime(r.test_datetime, language, zone), nowrap: true },
    {
      key: "assigned",
      header: t("scoring.list.columns.assignedAt"),
      nowrap: true,
      cell: (r) => (r.evaluator_assigned_at ? formatDateTime(r.evaluator_assigned_at, language, zone) : t("scoring.list.unassigned")),
    },
  ];

  return (
    <>
      <PageHeader title={t("scoring.list.title")} breadcrumbs={[home, testing]} />
      <RemoteData
        query={query}
        skeletonRows={5}
        isEmpty={(d) => d.scoreable_tests.length === 0}
        empty={<EmptyState message={t("scoring.list.empty")} />}
        errorTitle={t("scoring.messages.loadTestsFailure")}
      >
        {(data) => {
          const { groups, pageCount } = groupPage(data.scoreable_tests, page);
          return (
            <Stack gap="xl">
              <Text size="sm" c="gray.7">
                {t("scoring.list.summary", { count: data.scoreable_tests.length })}
              </Text>
              <GroupedTables
                groups={groups}
                titleOf={(group) => t(`scoring.list.groups.${group}`)}
                colorOf={(group) => (group === "overdue" ? "red.9" : undefined)}
                columns={columns(data.time_zone)}
                rowKey={(r) => r.id}
                idPrefix="due"
              />
              <Pager page={Math.min(page, pageCount)} pageCount={pageCount} onChange={setPage} label={t("scoring.list.pages")} />
            </Stack>
          );
        }}
      </RemoteData>
    </>
  );
}
