import { useEffect, useId, useRef, useState } from "react";
import { Button, Group, NativeSelect, Paper, Progress, Slider, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { PLAYBACK_SPEEDS, REWIND_SECONDS, formatClock, playsLeft } from "./playback";

export interface AudioPlayerProps {
  /** The recording's address; it is loaded only after the first play is granted. */
  src: string;
  /** Plays the item allows; null for unlimited. */
  playsAllowed: number | null;
  /** Plays already counted by the server (grant_audio_access). */
  playsUsed: number;
  /** Asked before every play that starts from the beginning; resolves true when the server granted it. */
  onRequestPlay: () => Promise<boolean>;
  /** What the recording is, e.g. "Recording for question 3". */
  label: string;
}

/**
 * The test's audio player (spec §4/§9): our own labelled controls over an <audio> element without
 * the browser's controls, so a candidate cannot replay a limited recording by other means. Play and
 * pause, mute, speeds 0.25×–2×, back 10 s, volume 0–100 (default 100), position and plays used.
 */
export function AudioPlayer({ src, playsAllowed, playsUsed, onRequestPlay, label }: AudioPlayerProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const labelId = useId();
  /** A granted play is under way (playing or paused): Play resumes it without asking again. */
  const [inPlay, setInPlay] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [asking, setAsking] = useState(false);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [volume, setVolume] = useState(100);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const exhausted = !inPlay && playsLeft(playsAllowed, playsUsed) === 0;

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    el.muted = muted;
    el.volume = volume / 100;
    // defaultPlaybackRate survives loading a new source; playbackRate is the current one.
    el.defaultPlaybackRate = speed;
    el.playbackRate = speed;
  }, [muted, volume, speed]);

  async function play() {
    const el = audio.current;
    if (!el) return;
    setProblem(null);
    if (!inPlay) {
      setAsking(true);
      const granted = await onRequestPlay().catch(() => false);
      setAsking(false);
      if (!granted) {
        setProblem(t("taking.player.grantFailure"));
        return;
      }
      setInPlay(true);
      // The file is fetched only now: the server serves it after the grant.
      if (el.getAttribute("src") !== src) el.src = src;
      el.currentTime = 0;
    }
    el.playbackRate = speed;
    try {
      await el.play();
    } catch {
      setProblem(t("taking.player.loadFailure"));
    }
  }

  const rewind = () => {
    const el = audio.current;
    if (el) el.currentTime = Math.max(0, el.currentTime - REWIND_SECONDS);
  };

  const plays =
    playsAllowed === null ? t("taking.player.playsUnlimited", { used: playsUsed }) : t("taking.player.plays", { used: playsUsed, allowed: playsAllowed });
  const percent = duration ? Math.min(100, (position / duration) * 100) : 0;
  const clock = `${formatClock(position)} / ${duration === null ? "–:––" : formatClock(duration)}`;

  return (
    <Paper withBorder p="sm" role="group" aria-labelledby={labelId}>
      <Stack gap="xs">
        <Text id={labelId} fw={500}>
          {label}
        </Text>
        <audio
          ref={audio}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false);
            setInPlay(false);
          }}
          onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
          onLoadedMetadata={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : null)}
          onError={() => {
            if (inPlay) setProblem(t("taking.player.loadFailure"));
          }}
        />
        <Group gap="xs">
          {playing ? (
            <Button size="xs" onClick={() => audio.current?.pause()}>
              {t("taking.player.pause")}
            </Button>
          ) : (
            <Button size="xs" onClick={() => void play()} loading={asking} disabled={exhausted}>
              {t("taking.player.play")}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={rewind} disabled={!inPlay}>
            {t("taking.player.rewind")}
          </Button>
          <Button size="xs" variant="default" onClick={() => setMuted((m) => !m)} aria-pressed={muted}>
            {t("taking.player.mute")}
          </Button>
          <NativeSelect
            size="xs"
            label={t("taking.player.speed")}
            value={String(speed)}
            onChange={(e) => setSpeed(Number(e.currentTarget.value))}
            data={PLAYBACK_SPEEDS.map((s) => ({ value: String(s), label: t("taking.player.speedOption", { speed: s }) }))}
            styles={{ root: { display: "flex", alignItems: "center", gap: 6 }, label: { fontWeight: 400 } }}
          />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress value={percent} aria-label={t("taking.player.progress")} style={{ flex: 1 }} />
          <Text size="sm" style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
            {clock}
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" component="span" aria-hidden>
            {t("taking.player.volume")}
          </Text>
          <Slider
            value={volume}
            onChange={setVolume}
            min={0}
            max={100}
            step={5}
            thumbLabel={t("taking.player.volume")}
            label={(v) => `${v}`}
            style={{ flex: 1, maxWidth: 220 }}
          />
          <Text size="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
            {volume}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {plays}
        </Text>
        {exhausted && (
          <Text size="sm" role="status">
            {t("taking.player.noPlaysLeft")}
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
