import { Alert, Grid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../../i18n";
import { testListRoutes, type TestListView } from "@parlance/contract";
import { call } from "../../../api/client";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { TestEntryCard, type ListKind } from "./TestEntryCard";
import { retryOnce, testListKey } from "./queries";

/** The five lists in the spec's order, each shown only when it has entries. */
const SECTIONS: readonly { kind: ListKind; field: keyof Omit<TestListView, "offices"> }[] = [
  { kind: "takable", field: "takableTests" },
  { kind: "upcoming", field: "upcomingTests" },
  { kind: "schedulable", field: "schedulableTests" },
  { kind: "purchasable", field: "purchasableTests" },
  { kind: "missed", field: "missedTests" },
];

const isEmpty = (view: TestListView) => SECTIONS.every((s) => view[s.field].length === 0);

/** /testing/tests: Take A Test (candidate spec §2). */
export default function TakeTestPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const query = useQuery({
    queryKey: testListKey,
    queryFn: ({ signal }) => call(testListRoutes.list, {}, undefined, { signal }),
    retry: retryOnce,
    // Appointments open and lists change with the clock: keep it fresh while the page is open.
    refetchInterval: 60_000,
  });

  return (
    <>
      <PageHeader title={t("takeTest.title")} breadcrumbs={[home, testing]} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <RemoteData query={query} isEmpty={isEmpty} empty={<EmptyState message={t("takeTest.noTests")} />}>
            {(view) => (
              <Stack gap="xl">
                {SECTIONS.filter((s) => view[s.field].length > 0).map((s) => (
                  <section key={s.kind} aria-labelledby={`tests-${s.kind}`}>
                    <Title order={2} fz="lg" mb="sm" id={`tests-${s.kind}`}>
                      {t(`takeTest.sections.${s.kind}`)}
                    </Title>
                    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
                      {view[s.field].map((entry) => (
                        <TestEntryCard key={entry.assignedTestIds.join(",")} entry={entry} kind={s.kind} />
                      ))}
                    </Stack>
                  </section>
                ))}
              </Stack>
            )}
          </RemoteData>
        </Grid.Col>
        {/* On a phone the notice comes first: it is read before starting. */}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="sm" component="aside" aria-label={t("takeTest.noticeTitle")}>
            <Alert variant="light" color="blue" title={t("takeTest.noticeTitle")}>
              <Text size="sm">{t("takeTest.notice")}</Text>
            </Alert>
            <Text size="sm" c="gray.7">
              {t("takeTest.timesInEastern")}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
