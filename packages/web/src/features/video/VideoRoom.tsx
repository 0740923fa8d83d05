import { useEffect, useRef } from "react";
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { VideoRole } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { useVideoRoom } from "./useVideoRoom";

/**
 * The video panel (candidate-testing.md §2 "Video panel: Preview Camera, Connect, Disconnect"):
 * one's own camera and the other side's stream, the room state and the camera status (§4), and
 * the spec's messages when the video or its player cannot be set up (§8). The candidate's live
 * page shows it once a video test is started; the evaluator's administer page shows it too.
 */
export function VideoRoom({ role, assignedTestId }: { role: VideoRole; assignedTestId: number }) {
  const { t } = useTranslation();
  const v = useVideoRoom(role, assignedTestId);
  const peer = role === "candidate" ? "evaluator" : "candidate";
  const connected = v.room === "connected";

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" component="section" aria-labelledby="video-room-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id="video-room-title">
            {t("video.title")}
          </Title>
          <Group gap="xs" role="status" aria-live="polite">
            <Badge variant="light" color={connected ? "blue" : "gray"} c={connected ? "blue.9" : "gray.9"}>
              {t("video.roomLabel")}: {t(`video.room.${v.room}`)}
            </Badge>
            <Badge variant="light" color={v.camera === "off" ? "gray" : "blue"} c={v.camera === "off" ? "gray.9" : "blue.9"}>
              {t("video.cameraLabel")}: {t(`video.camera.${v.camera}`)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="gray.8">
          {t(`video.intro.${role}`)}
        </Text>

        {v.problem && (
          <Alert color={v.problem === "replaced" ? "yellow" : "red"} variant="light" role="alert">
            {v.problem === "replaced" ? t("video.replaced") : t(`video.messages.${v.problem}`)}
          </Alert>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <StreamView label={t("video.you")} stream={v.local} muted emptyText={t("video.cameraOffText")} />
          <StreamView
            label={t(`video.peer.${peer}`)}
            stream={v.remote}
            emptyText={connected ? t(`video.waiting.${peer}`) : t("video.notConnectedText")}
            onPlayFailed={v.playerFailed}
          />
        </SimpleGrid>

        <Group gap="sm">
          {v.camera === "off" && !connected && (
            <Button variant="default" onClick={() => void v.preview()} loading={v.busy && v.room !== "preview"} disabled={v.busy}>
              {t("video.previewCamera")}
            </Button>
          )}
          {!connected ? (
            <Button onClick={() => void v.connect()} loading={v.busy} disabled={v.busy}>
              {t("video.connect")}
            </Button>
          ) : (
            <Button color="red" variant="light" c="red.9" onClick={v.disconnect}>
              {t("video.disconnect")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** One stream in a labelled <video>, or a line saying why there is none yet. */
function StreamView({ label, stream, muted, emptyText, onPlayFailed }: { label: string; stream: MediaStream | null; muted?: boolean; emptyText: string; onPlayFailed?: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = stream;
    if (stream) el.play().catch((err: unknown) => {
      // A newer stream replacing this one aborts the play: not a failure of the player.
      if (!(err instanceof DOMException && err.name === "AbortError")) onPlayFailed?.();
    });
  }, [stream, onPlayFailed]);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <div style={{ position: "relative", aspectRatio: "4 / 3", background: "var(--mantine-color-dark-7)", borderRadius: 8, overflow: "hidden" }}>
        <video
          ref={ref}
          aria-label={label}
          autoPlay
          playsInline
          muted={muted}
          style={{ width: "100%", height: "100%", objectFit: "cover", display: stream ? "block" : "none" }}
        />
        {!stream && (
          <Text size="sm" c="white" p="md" style={{ position: "absolute", inset: 0, display: "flex", alignItems: "center", justifyContent: "center", textAlign: "center" }}>
            {emptyText}
          </Text>
        )}
      </div>
    </Stack>
  );
}
