import { Alert, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../../i18n";
import { type TestListEntry, type TestListView } from "@parlance/contract";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { TestEntryCard, type ListKind } from "./TestEntryCard";
import { groupByMethod, isEmptyView, SECTIONS } from "./grouping";
import { useTestList } from "./queries";
import classes from "./TakeTestPage.module.css";

/** The page's two variants (spec §2): by list (the default), or phone, paper and other tests apart (?view=method). */
type Variant = "lists" | "method";

/** One titled part of the page and its entries. */
function EntrySection({ id, title, entries, showList }: { id: string; title: string; entries: { entry: TestListEntry; kind: ListKind }[]; showList: boolean }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="lg" mb="sm" id={id}>
        {title}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {entries.map(({ entry, kind }) => (
          <TestEntryCard key={entry.assignedTestIds.join(",")} entry={entry} kind={kind} showList={showList} />
        ))}
      </Stack>
    </section>
  );
}

function Lists({ view, variant }: { view: TestListView; variant: Variant }) {
  const { t } = useTranslation();
  if (variant === "method") {
    return (
      <Stack gap="xl">
        {groupByMethod(view).map((g) => (
          <EntrySection key={g.group} id={`tests-group-${g.group}`} title={t(`takeTest.groups.${g.group}`)} entries={g.entries} showList />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      {SECTIONS.filter((s) => view[s.field].length > 0).map((s) => (
        <EntrySection
          key={s.kind}
          id={`tests-${s.kind}`}
          title={t(`takeTest.sections.${s.kind}`)}
          entries={view[s.field].map((entry) => ({ entry, kind: s.kind }))}
          showList={false}
        />
      ))}
    </Stack>
  );
}

/** /testing/tests: Take A Test (candidate spec §2). */
export default function TakeTestPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const [params, setParams] = useSearchParams();
  const variant: Variant = params.get("view") === "method" ? "method" : "lists";
  const query = useTestList();

  return (
    <>
      <PageHeader title={t("takeTest.title")} breadcrumbs={[home, testing]} />
      <div className={classes.layout}>
        <div className={classes.tests}>
          <RemoteData query={query} isEmpty={isEmptyView} empty={<EmptyState message={t("takeTest.noTests")} />}>
            {(view) => (
              <Stack gap="lg">
                <SegmentedControl
                  aria-label={t("takeTest.view.label")}
                  w="fit-content"
                  value={variant}
                  onChange={(v) => setParams(v === "method" ? { view: "method" } : {}, { replace: true })}
                  data={[
                    { value: "lists", label: t("takeTest.view.lists") },
                    { value: "method", label: t("takeTest.view.method") },
                  ]}
                />
                <Lists view={view} variant={variant} />
              </Stack>
            )}
          </RemoteData>
        </div>
        {/* On a phone the notice comes first: it is read before starting. */}
        <Stack gap="sm" component="aside" className={classes.notice} aria-label={t("takeTest.noticeTitle")}>
          <Alert variant="light" color="blue" title={t("takeTest.noticeTitle")}>
            <Text size="sm">{t("takeTest.notice")}</Text>
          </Alert>
          <Text size="sm" c="gray.7">
            {t("takeTest.timesInEastern")}
          </Text>
        </Stack>
      </div>
    </>
  );
}
