import { useState } from "react";
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link, useParams } from "react-router";
import { liveMessages, takingMessages, type TestContentView, type TestLiveView } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { formatDateTime } from "../../../i18n/format";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { useMethodLabel } from "../../../ui/testStatus";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { SessionContent } from "./SessionContent";
import { VideoRoom } from "../../video";
import { isNotFound, useLiveTest, useStartLiveTest } from "./queries";

const MESSAGE_CATALOGS = { "takeTest.messages": liveMessages, "taking.messages": takingMessages };

/** /testing/tests/:aid/live (aid = a{id} or s{id}): a live or video test, its appointment and its start. */
export default function LiveTestPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const aid = useParams().aid ?? "";
  const valid = /^[as][1-9]\d{0,9}$/.test(aid);
  const query = useLiveTest(aid, valid);
  const crumbs = [home, testing, { label: t("takeTest.title"), to: "/testing/tests" }];
  const notFound = (
    <>
      <PageHeader title={t("takeTest.live.title")} breadcrumbs={crumbs} />
      <EmptyState
        message={t("takeTest.live.notFound")}
        action={
          <Button component={Link} to="/testing/tests" variant="default">
            {t("takeTest.backToList")}
          </Button>
        }
      />
    </>
  );
  if (!valid) return notFound;
  return (
    <RemoteData query={query} renderError={(err) => (isNotFound(err) ? notFound : undefined)}>
      {(view) => (
        <>
          <PageHeader title={t(view.video ? "takeTest.live.videoTitle" : "takeTest.live.title")} breadcrumbs={crumbs} documentTitle={view.testDescription} />
          <LiveSession view={view} />
        </>
      )}
    </RemoteData>
  );
}

function LiveSession({ view }: { view: TestLiveView }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const methodLabel = useMethodLabel();
  const errorText = useApiErrorText(MESSAGE_CATALOGS);
  const [content, setContent] = useState<TestContentView | null>(null);
  const start = useStartLiveTest(view, (c) => setContent(c));
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language) : "");
  const canStart = view.attemptState === "in_progress" || (view.attemptState === "not_started" && view.window === "open");
  const who = view.video ? "video" : "live";
  // The room is embedded when the video feature is on for the test; the text says which (issue 23).
  const howItWorks = view.video && !view.videoRoom ? "videoNoRoom" : who;

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={2} fz="lg" style={{ overflowWrap: "anywhere" }}>
              {view.testDescription}
            </Title>
            <Badge variant="light" color="gray" c="gray.9">
              {methodLabel(view.testMethod)}
            </Badge>
          </Group>
          <Text size="sm">
            <Text span fw={600}>
              {t("takeTest.live.appointment")}:{" "}
            </Text>
            {view.testAt ? t("takeTest.entry.at", { time: when(view.testAt), minutes: view.durationMinutes }) : t("takeTest.live.noAppointment")}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              {t("takeTest.entry.assignedBy")}:{" "}
            </Text>
            {view.accountName}
          </Text>
          <Text size="sm" c="gray.8">
            {t(`takeTest.live.howItWorks.${howItWorks}`)}
          </Text>
        </Stack>
      </Paper>

      <WindowNotice view={view} when={when} />

      {start.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(start.error)}
        </Alert>
      )}

      {!content && canStart && (
        <Group gap="sm">
          <Button onClick={() => start.mutate("method")} loading={start.isPending && start.variables === "method"}>
            {t(view.attemptState === "in_progress" ? "takeTest.live.open" : "takeTest.live.start")}
          </Button>
          {view.sightTranslation && (
            <Button variant="default" onClick={() => start.mutate("sight")} loading={start.isPending && start.variables === "sight"}>
              {t("takeTest.live.startSight")}
            </Button>
          )}
        </Group>
      )}

      {content && (
        <>
          <Alert variant="light" color="green">
            {/* Not the Alert's title: green on light green is too faint to read (WCAG contrast). */}
            <Text size="sm" fw={700}>
              {t("takeTest.live.startedTitle")}
            </Text>
            <Text size="sm">{t(`takeTest.live.started.${who}`, { time: when(view.testAt) })}</Text>
          </Alert>
          {/* A video test joins its room at test start (spec §4). */}
          {view.video &&
            (view.videoRoom ? <VideoRoom role="candidate" assignedTestId={view.assignedTestId} /> : <Text size="sm">{t("video.messages.roomOff")}</Text>)}
          <SessionContent content={content} />
        </>
      )}
    </Stack>
  );
}

/** Where the appointment stands, in words. */
function WindowNotice({ view, when }: { view: TestLiveView; when: (iso: string | null) => string }) {
  const { t } = useTranslation();
  if (view.attemptState === "received") return <Alert variant="light" color="gray">{t("takeTest.live.finished")}</Alert>;
  if (view.attemptState === "in_progress") return null;
  switch (view.window) {
    case "unscheduled":
      return <Alert variant="light" color="yellow">{t("takeTest.live.unscheduled")}</Alert>;
    case "before":
      return (
        <Alert variant="light" color="blue" title={t("takeTest.live.startsAt", { time: when(view.testAt) })}>
          <Text size="sm">{t("takeTest.live.opensAt", { time: when(view.opensAt) })}</Text>
        </Alert>
      );
    case "over":
      return <Alert variant="light" color="yellow">{t("takeTest.live.over")}</Alert>;
    default:
      return (
        <Alert variant="light" color="green">
          {t("takeTest.live.openNow", { time: when(view.closesAt) })}
        </Alert>
      );
  }
}
