import { useState } from "react";
import { Link } from "react-router";
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { OutstandingTestGroup } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatDate } from "../../i18n/format";
import { useStartup } from "../../ui/startup";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { PageHeader } from "../../ui/PageHeader";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { Pager } from "../../ui/Pager";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { StatusTag } from "../../ui/StatusTag";
import { ReceiveDialog, type ReceivingTest } from "./ReceiveDialog";
import { useOutstandingPaperTests, useUnprintedPackages } from "./queries";

type Row = OutstandingTestGroup["tests"][number] & { candidate: string; candidateId: number; employeeId: string };

/**
 * /testing/candidates/outstanding_paper_tests (client spec §2, §3, §8): the paper tests sent out
 * and awaiting responses, paged by candidate, each of which can be marked received; and the test
 * packages nobody has printed yet.
 */
export default function OutstandingPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home, testing } = useStandardCrumbs();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [receiving, setReceiving] = useState<ReceivingTest | null>(null);
  const outstanding = useOutstandingPaperTests(page);
  const unprinted = useUnprintedPackages();

  const columns: DataColumn<Row>[] = [
    { key: "candidate", header: t("paper.outstanding.columns.candidate"), rowHeader: true, cell: (r) => <Anchor component={Link} to={`/testing/candidates/${r.candidateId}`}>{r.candidate}</Anchor> },
    { key: "employeeId", header: t("paper.outstanding.columns.employeeId"), cell: (r) => r.employeeId || "—" },
    {
      key: "test",
      header: t("paper.outstanding.columns.test"),
      cell: (r) => (
        <Group gap="xs" wrap="wrap">
          <span>{r.test}</span>
          {r.incomplete && <StatusTag tone="note">{t("paper.outstanding.incomplete")}</StatusTag>}
        </Group>
      ),
    },
    { key: "date", header: t("paper.outstanding.columns.date"), cell: (r) => formatDate(r.date, language), nowrap: true },
    {
      key: "actions",
      header: t("paper.outstanding.columns.actions"),
      headerHidden: true,
      cell: (r) => (
        <Button size="xs" variant="light" onClick={() => setReceiving({ id: r.id, test: r.test, candidate: r.candidate })} aria-label={t("paper.outstanding.markReceivedFor", { test: r.test, candidate: r.candidate })}>
          {t("paper.outstanding.markReceived")}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t("paper.outstanding.title")} breadcrumbs={[home, testing]} />
      <Text c="gray.7" mb="lg" maw={720}>
        {t("paper.outstanding.intro")}
      </Text>
      <Stack gap="xl">
        <section aria-labelledby="outstanding-tests">
          <Title order={2} size="h3" mb="sm" id="outstanding-tests">
            {t("paper.outstanding.testsHeading")}
          </Title>
          <RemoteData
            query={outstanding}
            isEmpty={(d) => d.candidates.length === 0}
            empty={<EmptyState message={t("paper.outstanding.noOutstanding")} />}
            renderError={() => <LoadFailure message={t("paper.messages.outstandingLoadFailure")} retry={() => void outstanding.refetch()} busy={outstanding.isFetching} />}
          >
            {(d) => (
              <>
                <DataTable
                  caption={t("paper.outstanding.outstandingCaption")}
                  captionHidden
                  columns={columns}
                  rows={d.candidates.flatMap((c) => c.tests.map((x) => ({ ...x, candidate: c.candidate, candidateId: c.candidateId, employeeId: c.employeeId })))}
                  rowKey={(r) => r.id}
                  minWidth={640}
                />
                <Pager page={page} pageCount={d.pageCount} onChange={setPage} label={t("paper.outstanding.pager")} />
              </>
            )}
          </RemoteData>
        </section>
        <section aria-labelledby="unprinted-packages">
          <Title order={2} size="h3" mb="sm" id="unprinted-packages">
            {t("paper.outstanding.packagesHeading")}
          </Title>
          <RemoteData
            query={unprinted}
            isEmpty={(d) => d.unprinted_tests.length === 0}
            empty={<EmptyState message={t("paper.outstanding.noUnprinted")} />}
            renderError={() => <LoadFailure message={t("paper.messages.unprintedLoadFailure")} retry={() => void unprinted.refetch()} busy={unprinted.isFetching} />}
          >
            {(d) => (
              <Stack gap="sm">
                {d.unprinted_tests.map((p) => {
                  const date = formatDate(p.created_at, language);
                  return (
                    <Paper key={p.group_key} withBorder p="md" radius="md">
                      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                        <Stack gap={4}>
                          <Text fw={600}>
                            {t("paper.outstanding.packageCreated", { date })} · {t("paper.outstanding.packageTests", { count: p.tests.length })}
                          </Text>
                          <List size="sm" spacing={2}>
                            {p.tests.map((x) => (
                              <List.Item key={x.id}>
                                {x.candidate_name} — {x.test_description}
                              </List.Item>
                            ))}
                          </List>
                        </Stack>
                        <Button component={Link} to={`/testing/groups/${p.group_key}`} variant="light" size="xs" aria-label={t("paper.outstanding.openPackageOf", { date })}>
                          {t("paper.outstanding.openPackage")}
                        </Button>
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            )}
          </RemoteData>
        </section>
      </Stack>
      <ReceiveDialog test={receiving} onClose={() => setReceiving(null)} onReceived={() => { setReceiving(null); void queryClient.invalidateQueries({ queryKey: ["paper"] }); }} />
    </>
  );
}

function LoadFailure({ message, retry, busy }: { message: string; retry: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={message}>
      <Button variant="white" color="red" size="xs" mt="xs" onClick={retry} loading={busy}>
        {t("ui.retry")}
      </Button>
    </Alert>
  );
}
