import { Anchor, Badge, Button, Group, Paper, Text, Title } from "@mantine/core";
import { openConfirm } from "../../ui/modals";
import { useTranslation } from "../../i18n";
import { Link, useParams } from "react-router";
import { trackMessages, type CandidateTrack, type TrackTest } from "@parlance/contract";
import { ApiCallError } from "../../api/client";
import { useStartup } from "../../ui/startup";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { formatDateTime } from "../../i18n/format";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { notifyResult } from "../../ui/form";
import { EmptyState, RemoteData } from "../../ui/RemoteData";
import { useMethodLabel, useTestStatusText } from "../../ui/testStatus";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { useCompleteTrack, useTrack } from "./queries";

function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** /testing/track/:id: Candidate Battery, its tests, and Mark Battery Completed. */
export default function TrackPage() {
  const id = parseId(useParams().id);
  return id === null ? <TrackNotFound /> : <LoadedTrack id={id} />;
}

function TrackNotFound() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  return (
    <>
      <PageHeader title={t("tracks.page.title")} breadcrumbs={[home, testing]} />
      <EmptyState message={t("tracks.page.notFound")} />
    </>
  );
}

function LoadedTrack({ id }: { id: number }) {
  const query = useTrack(id);
  return (
    <RemoteData query={query} renderError={(err) => (err instanceof ApiCallError && err.status === 404 ? <TrackNotFound /> : undefined)}>
      {(track) => <TrackView track={track} />}
    </RemoteData>
  );
}

function TrackView({ track }: { track: CandidateTrack }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home, testing } = useStandardCrumbs();
  const statusText = useTestStatusText();
  const methodLabel = useMethodLabel();
  const errorText = useApiErrorText({ "tracks.messages": trackMessages });
  const update = useCompleteTrack(track);

  const markCompleted = () =>
    openConfirm({
      title: t("tracks.page.confirmTitle"),
      children: <Text size="sm">{t("tracks.page.confirmText")}</Text>,
      labels: { confirm: t("ui.ok"), cancel: t("ui.cancel") },
      cancelProps: { "data-autofocus": true },
      closeButtonProps: { "aria-label": t("ui.close") },
      centered: true,
      onConfirm: () =>
        update.mutate(undefined, {
          onSuccess: (res) => notifyResult(t(res.messageKey, { defaultValue: res.message }), true),
          onError: (err) =>
            notifyResult(err instanceof ApiCallError && err.status === 404 ? errorText(err) : t("tracks.messages.updateFailure"), false),
        }),
    });

  const columns: DataColumn<TrackTest>[] = [
    { key: "test", header: t("tracks.page.test"), rowHeader: true, cell: (r) => r.testDescription },
    { key: "method", header: t("tracks.page.method"), cell: (r) => methodLabel(r.testMethod), nowrap: true },
    { key: "date", header: t("tracks.page.date"), cell: (r) => (r.testDate ? formatDateTime(r.testDate, language) : "—"), nowrap: true },
    { key: "status", header: t("tracks.page.status"), cell: (r) => (r.status ? statusText(r.status).status : t("tracks.page.notStarted")) },
  ];

  const candidateTo = `/testing/candidates/${track.candidateId}`;
  const crumbs = [home, testing, { label: t("tracks.page.candidates"), to: "/testing/candidates" }, { label: track.candidateName, to: candidateTo }];
  const actions = !track.isCompleted && (
    <Button onClick={markCompleted} loading={update.isPending}>
      {t("tracks.page.markCompleted")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("tracks.page.title")} breadcrumbs={crumbs} actions={actions} documentTitle={`${t("tracks.page.title")}: ${track.trackDescription}`} />
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <Group justify="space-between" mb="sm" gap="sm">
          <Title order={2} fz="lg">
            {track.trackDescription}
          </Title>
          {track.isCompleted && (
            <Badge color="green" variant="filled" c="white" styles={{ root: { backgroundColor: "var(--mantine-color-green-9)" } }}>
              {t("tracks.page.completedBadge")}
            </Badge>
          )}
        </Group>
        <Text size="sm" mb="sm">
          <Anchor component={Link} to={candidateTo}>
            {t("tracks.page.backToCandidate")}: {track.candidateName}
          </Anchor>
        </Text>
        <DataTable caption={t("tracks.page.caption")} captionHidden columns={columns} rows={track.trackTests} rowKey={(r) => r.id} />
      </Paper>
    </>
  );
}
