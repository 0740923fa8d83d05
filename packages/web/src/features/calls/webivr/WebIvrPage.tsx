import { useState } from "react";
import { Alert, Box, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import { CALL_STATE, ivrMessages, takingMessages } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { RemoteData } from "../../../ui/RemoteData";
import { StatusTag } from "../../../ui/StatusTag";
import { openConfirm } from "../../../ui/modals";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useAudioDevices } from "./useAudioDevices";
import { useWebIvrCall } from "./useWebIvrCall";
import { useWebIvrToken } from "./queries";

const CATALOGS = { "webCall.messages": ivrMessages, "taking.messages": takingMessages };
const STATE_KEYS = ["notStarted", "calling", "accepted", "cancelled", "disconnected"] as const;

/** An input or output level in percent, as a labelled meter. */
function LevelBar({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" aria-hidden>
          {value}%
        </Text>
      </Group>
      <Box role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-valuetext={`${value}%`} h={8} bg="gray.2" style={{ borderRadius: 4, overflow: "hidden" }}>
        <Box h="100%" w={`${value}%`} bg={value > 85 ? "red.7" : "teal.7"} style={{ transition: "width 80ms linear" }} />
      </Box>
    </Stack>
  );
}

/** /testing/tests/:id/web_call: a phone (IVR) test taken as a call in the browser (spec §2 web-IVR screen). */
export default function WebIvrPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const crumbs = [home, testing, { label: t("takeTest.title"), to: "/testing/tests" }];
  const token = useWebIvrToken(id, valid);
  const errorText = useApiErrorText(CATALOGS);
  const setupFailed = (err?: unknown) => (
    <>
      <PageHeader title={t("webCall.title")} breadcrumbs={crumbs} />
      <Alert color="red" title={t("webCall.messages.setupFailure")}>
        {err ? errorText(err) : null}
      </Alert>
      <Button component={Link} to="/testing/tests" variant="default" mt="md">
        {t("webCall.backToTests")}
      </Button>
    </>
  );
  if (!valid) return setupFailed();
  return (
    <RemoteData query={token} renderError={(err) => setupFailed(err)}>
      {(view) => (
        <>
          <PageHeader title={t("webCall.title")} breadcrumbs={crumbs} documentTitle={view.description} />
          <Text mb="md" fw={600} lang={view.language}>
            {view.description}
          </Text>
          <WebCall testId={id} resumable={view.open_call_id !== null} />
        </>
      )}
    </RemoteData>
  );
}

function WebCall({ testId, resumable }: { testId: number; resumable: boolean }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(CATALOGS);
  const devices = useAudioDevices();
  const ivr = useWebIvrCall(testId, devices);
  const [deviceError, setDeviceError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const inCall = ivr.state === CALL_STATE.calling || ivr.state === CALL_STATE.accepted;
  const step = ivr.view?.step ?? null;
  // What the call itself says (the engine's lines, in the call's prompt language), beside the screen's own words.
  const lines = ivr.view?.lines ?? null;
  const engineLine = !step || !lines ? null : step.prompt.kind === "wait" ? step.prompt.text : step.again === "repeat" ? lines.again : step.again === "silence" ? lines.silence : ivr.phase === "recording" ? lines.how_to_answer : null;

  const startDevices = async (deviceId?: string) => {
    setStarting(true);
    setDeviceError(null);
    try {
      await devices.start(deviceId);
    } catch (e) {
      setDeviceError(e);
    } finally {
      setStarting(false);
    }
  };

  const confirmEnd = () =>
    openConfirm({
      title: t("webCall.endTitle"),
      children: <Text size="sm">{t("webCall.endText")}</Text>,
      labels: { confirm: t("webCall.endCall"), cancel: t("ui.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("ui.close") },
      onConfirm: () => void ivr.end(),
    });

  const error = deviceError ?? ivr.error;
  return (
    <Stack gap="md" maw={640}>
      {error !== null && (
        <Alert color="red" title={t("webCall.messages.setupFailure")} role="alert">
          {deviceError ? t("webCall.microphoneRefused") : errorText(error)}
        </Alert>
      )}
      <Group gap="sm">
        <Text fw={600}>{t("webCall.callState")}</Text>
        <span data-testid="call-state" data-state={ivr.state}>
          <StatusTag tone={inCall ? "good" : ivr.state === CALL_STATE.cancelled ? "bad" : "neutral"}>{t(`webCall.states.${STATE_KEYS[ivr.state] ?? "notStarted"}`)}</StatusTag>
        </span>
      </Group>

      {!inCall && ivr.state !== CALL_STATE.disconnected && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("webCall.beforeTitle")}
            </Title>
            <Text size="sm">{t("webCall.beforeText")}</Text>
            {!devices.stream ? (
              <Button onClick={() => void startDevices()} loading={starting} w="fit-content">
                {t("webCall.startDevices")}
              </Button>
            ) : (
              <>
                <Select
                  label={t("webCall.microphone")}
                  data={devices.microphones.map((d) => ({ value: d.id, label: d.label }))}
                  value={devices.microphoneId || null}
                  onChange={(v) => v && void startDevices(v)}
                  allowDeselect={false}
                />
                <Select
                  label={t("webCall.speaker")}
                  data={devices.speakers.length ? devices.speakers.map((d) => ({ value: d.id, label: d.label })) : [{ value: "", label: t("webCall.defaultSpeaker") }]}
                  value={devices.speakerId}
                  onChange={(v) => devices.setSpeakerId(v ?? "")}
                  allowDeselect={false}
                />
                <Group gap="sm">
                  <Button variant="default" onClick={() => void devices.playTone()}>
                    {t("webCall.playTestSound")}
                  </Button>
                  <Button onClick={() => void ivr.begin()}>{resumable && ivr.state === CALL_STATE.notStarted ? t("webCall.resumeCall") : t("webCall.beginCall")}</Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}

      {devices.stream && ivr.state !== CALL_STATE.disconnected && (
        <Stack gap="xs">
          <LevelBar label={t("webCall.inputLevel")} value={devices.inputLevel} />
          <LevelBar label={t("webCall.outputLevel")} value={devices.outputLevel} />
        </Stack>
      )}

      {inCall && (
        <Paper withBorder p="md" radius="md" aria-live="polite">
          <Stack gap="sm">
            {step && (
              <>
                <Text size="sm" c="gray.7">
                  {t("webCall.progress", { current: step.index + 1, total: step.total })}
                </Text>
                <Text fw={600} data-testid="call-phase">
                  {ivr.phase === "recording" ? t("webCall.speakNow") : ivr.phase === "saving" ? t("webCall.saving") : step.again === "silence" ? t("webCall.noAnswerHeard") : t("webCall.listen")}
                </Text>
                {engineLine && (
                  <Text size="sm" fw={600} lang={lines?.speech}>
                    {engineLine}
                  </Text>
                )}
                {step.prompt.text && step.prompt.kind !== "wait" && <Text size="sm">{step.prompt.text}</Text>}
              </>
            )}
            <Text size="sm">{t("webCall.responsesSaved", { count: ivr.view?.responses ?? 0 })}</Text>
            <Group gap="sm">
              <Button variant="default" onClick={ivr.repeat} disabled={!step || step.repeats_left === 0 || ivr.phase === "saving"}>
                {t("webCall.requestRepeat")}
              </Button>
              <Button color="red" onClick={confirmEnd}>
                {t("webCall.endCall")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {ivr.state === CALL_STATE.disconnected && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("webCall.endedTitle")}
            </Title>
            <Text size="sm">{ivr.view?.submitted ? t("webCall.submitted") : t("webCall.endedWithout")}</Text>
            <Button component={Link} to="/testing/tests" variant="default" w="fit-content">
              {t("webCall.backToTests")}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
