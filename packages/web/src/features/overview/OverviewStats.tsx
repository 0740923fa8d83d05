import { lazy, Suspense, useMemo } from "react";
import { Box, Card, Group, SimpleGrid, Skeleton, Text, Title } from "@mantine/core";
import type { TestStats } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatMonth, formatNumber } from "../../i18n/format";
import { RemoteData } from "../../ui/RemoteData";
import { DataTable } from "../../ui/DataTable";
import { useStartup } from "../../ui/startup";
import { useOverviewStats } from "./queries";

// Chartist and its stylesheet download only when a client's overview shows the figures.
const TestsChart = lazy(() => import("./TestsChart"));
const COLOURS = ["#1864ab", "#0b7285"];

function Legend({ items }: { items: string[] }) {
  return (
    <Group gap="md" mt={4} aria-hidden="true">
      {items.map((label, i) => (
        <Text key={label} size="xs" c="gray.8">
          <span style={{ display: "inline-block", width: 10, height: 10, borderRadius: 2, marginRight: 6, background: COLOURS[i] }} />
          {label}
        </Text>
      ))}
    </Group>
  );
}

function Figures({ stats }: { stats: TestStats }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const months = useMemo(() => stats.by_month.map((m) => formatMonth(m.month, language)), [stats, language]);
  const monthData = useMemo(() => ({ labels: months, series: [stats.by_month.map((m) => m.assigned), stats.by_month.map((m) => m.scored)] }), [stats, months]);
  const levelData = useMemo(() => ({ labels: stats.by_level.map((l) => l.level), series: [stats.by_level.map((l) => l.count)] }), [stats]);
  const chartFallback = <Skeleton height={220} />;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Card withBorder padding="md" component="figure" m={0} aria-labelledby="overview-by-month">
        <Title order={3} size="h4" id="overview-by-month" component="figcaption">
          {t("overview.stats.byMonth")}
        </Title>
        <Legend items={[t("overview.stats.assigned"), t("overview.stats.scored")]} />
        <Suspense fallback={chartFallback}>
          <TestsChart data={monthData} label={t("overview.stats.byMonthChart")} />
        </Suspense>
        <Box mt="sm">
          <DataTable
            caption={t("overview.stats.byMonthTable")}
            captionHidden
            columns={[
              { key: "month", header: t("overview.stats.month"), rowHeader: true, nowrap: true, cell: (m) => formatMonth(m.month, language) },
              { key: "assigned", header: t("overview.stats.assigned"), align: "right", cell: (m) => formatNumber(m.assigned, language) },
              { key: "scored", header: t("overview.stats.scored"), align: "right", cell: (m) => formatNumber(m.scored, language) },
            ]}
            rows={stats.by_month}
            rowKey={(m) => m.month}
            minWidth={280}
          />
        </Box>
      </Card>
      <Card withBorder padding="md" component="figure" m={0} aria-labelledby="overview-by-level">
        <Title order={3} size="h4" id="overview-by-level" component="figcaption">
          {t("overview.stats.byLevel")}
        </Title>
        <Legend items={[t("overview.stats.results")]} />
        <Suspense fallback={chartFallback}>
          <TestsChart data={levelData} label={t("overview.stats.byLevelChart")} />
        </Suspense>
        <Box mt="sm">
          <DataTable
            caption={t("overview.stats.byLevelTable")}
            captionHidden
            columns={[
              { key: "level", header: t("overview.stats.level"), rowHeader: true, cell: (l) => l.level },
              { key: "count", header: t("overview.stats.results"), align: "right", cell: (l) => formatNumber(l.count, language) },
            ]}
            rows={stats.by_level}
            rowKey={(l) => l.level}
            minWidth={240}
          />
        </Box>
      </Card>
    </SimpleGrid>
  );
}

/** A client's tests by month and results by ALTA level, the last 12 months: charts, and the same numbers as tables. */
export function OverviewStats() {
  const { t } = useTranslation();
  const query = useOverviewStats();
  return (
    <RemoteData query={query} errorTitle={t("overview.statsFailure")}>
      {(stats) => <Figures stats={stats} />}
    </RemoteData>
  );
}
