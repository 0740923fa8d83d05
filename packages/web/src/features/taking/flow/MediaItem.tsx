import { Suspense, useRef, useState } from "react";
import { Alert, Button, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { takingRoutes, type ItemView } from "@parlance/contract";
import { call } from "../../../api/client";
import { preloadable } from "../../../ui/preloadable";

// The audio player (Mantine Slider, Progress, NativeSelect) is not needed to show a test's first
// page: TestInProgress downloads it once that page is shown (issue 12).
const AudioPlayer = preloadable(() => import("../player").then((m) => m.AudioPlayer));
export const preloadAudioPlayer = AudioPlayer.preload;
import { setAudioAccess, useAudioAccess } from "./queries";

/**
 * An audio or video presentation (spec §3, §4; DESIGN.md §6): plays are counted per item on the
 * server. request_audio_access tells how many are used (spends nothing); each play from the start is
 * granted by grant_audio_access first, so a reload never spends one again and a limit cannot be
 * dodged. A failed grant shows the spec's notice and the page stays as it is.
 */
export function MediaItem({ item, assignedTestId }: { item: ItemView; assignedTestId: number }) {
  const { t } = useTranslation();
  const media = item.item_audio;
  if (!media) return null;
  const what = t(`takingFlow.items.${media.kind === "video" ? "video" : "recording"}`);
  const label = item.number !== null ? `${t("takingFlow.items.question", { number: item.number })}: ${what}` : what;
  return (
    <Stack gap="xs">
      {item.item_text && (
        <Text fz="inherit" lh="inherit">
          {item.item_text}
        </Text>
      )}
      <MediaPresentation itemId={item.id} assignedTestId={assignedTestId} media={media} label={label} />
    </Stack>
  );
}

/**
 * A recording or video with its play limit: an audio item's, or a QTI media interaction's (then
 * `onPlays` hears the plays used after each grant, the interaction's answer).
 */
export function MediaPresentation({ itemId, assignedTestId, media, label, onPlays }: { itemId: string; assignedTestId: number; media: { src: string; kind: "audio" | "video"; plays: number | null }; label: string; onPlays?: (used: number) => void }) {
  const { t } = useTranslation();
  const [grantFailed, setGrantFailed] = useState(false);
  const access = useAudioAccess(assignedTestId, itemId);

  async function grant(): Promise<boolean> {
    setGrantFailed(false);
    try {
      const out = await call(takingRoutes.grantAudio, { item: itemId }, { id: assignedTestId });
      setAudioAccess(assignedTestId, itemId, out);
      if (out.granted) onPlays?.(out.plays_used);
      return out.granted;
    } catch {
      setGrantFailed(true);
      void access.refetch();
      return false;
    }
  }

  const used = access.data?.plays_used ?? 0;
  const allowed = access.data?.plays_allowed ?? media.plays;
  const left = allowed === null ? null : Math.max(0, allowed - used);

  return (
    <Stack gap="xs">
      {media.kind === "video" ? (
        <VideoPresentation src={media.src} label={label} exhausted={left === 0} onGrant={grant} />
      ) : (
        <Suspense fallback={<Loader size="sm" role="status" aria-label={t("common.loading")} />}>
          <AudioPlayer src={media.src} playsAllowed={allowed} playsUsed={used} onRequestPlay={grant} label={label} />
        </Suspense>
      )}
      {/* The audio player counts its plays itself; a video says here how many are left. */}
      {media.kind === "video" && (
        <Text size="sm" c="gray.7">
          {left === null ? t("takingFlow.items.playsUnlimited") : t("takingFlow.items.playsLeft", { left, allowed })}
        </Text>
      )}
      {/* The audio player says it itself, beside its Play button: one notice, not two (issue 23). */}
      {grantFailed && media.kind === "video" && (
        <Alert color="red" variant="light" role="alert">
          {t("takingFlow.errors.grantFailure")}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * A video presentation: the Access button spends (or re-confirms) a play on the server, then the
 * video plays once; when it ends, another viewing needs another grant.
 */
function VideoPresentation({ src, label, exhausted, onGrant }: { src: string; label: string; exhausted: boolean; onGrant: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [granted, setGranted] = useState(false);
  const [asking, setAsking] = useState(false);

  async function access() {
    setAsking(true);
    const ok = await onGrant();
    setAsking(false);
    if (!ok) return;
    setGranted(true);
    // The element is shown once granted; start it on the next frame.
    requestAnimationFrame(() => void video.current?.play().catch(() => undefined));
  }

  if (!granted) {
    return (
      <Button variant="light" onClick={() => void access()} loading={asking} disabled={exhausted} w="fit-content">
        {t("takingFlow.items.access")}
      </Button>
    );
  }
  return (
    <video ref={video} src={src} controls controlsList="nodownload noremoteplayback" disablePictureInPicture aria-label={label} onEnded={() => setGranted(false)} style={{ maxWidth: "100%" }}>
      {t("takingFlow.items.videoUnsupported")}
    </video>
  );
}
