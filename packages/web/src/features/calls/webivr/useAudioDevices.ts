import { useCallback, useEffect, useRef, useState } from "react";
import { levelPercent } from "./levels";

/**
 * The web call's devices (candidate spec §2 web-IVR screen: start devices, microphone and speaker
 * selection, play test sound, input and output level bars). The microphone stream feeds the input
 * level; every sound the call plays goes through `playElement`, which routes it to the chosen
 * speaker (setSinkId where the browser has it) and measures the output level.
 */

export interface AudioDevice {
  id: string;
  label: string;
}

type SinkElement = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void>; captureStream?: () => MediaStream };

export function useAudioDevices() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [microphones, setMicrophones] = useState<AudioDevice[]>([]);
  const [speakers, setSpeakers] = useState<AudioDevice[]>([]);
  const [microphoneId, setMicrophoneId] = useState<string>("");
  const [speakerId, setSpeakerId] = useState<string>("");
  const [inputLevel, setInputLevel] = useState(0);
  const [outputLevel, setOutputLevel] = useState(0);
  const context = useRef<AudioContext | null>(null);
  const inputAnalyser = useRef<AnalyserNode | null>(null);
  const outputAnalyser = useRef<AnalyserNode | null>(null);
  const inputLevelRef = useRef(0);

  const audioContext = () => (context.current ??= new AudioContext());

  const list = useCallback(async () => {
    const all = await navigator.mediaDevices.enumerateDevices();
    const named = (kind: MediaDeviceKind) => all.filter((d) => d.kind === kind).map((d, i) => ({ id: d.deviceId, label: d.label || `${kind === "audioinput" ? "Microphone" : "Speaker"} ${i + 1}` }));
    setMicrophones(named("audioinput"));
    setSpeakers(named("audiooutput"));
  }, []);

  /** Start Devices (or a new microphone chosen): asks for the microphone and lists the devices. */
  const start = useCallback(
    async (deviceId?: string) => {
      const next = await navigator.mediaDevices.getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId } } : true });
      setStream((old) => {
        old?.getTracks().forEach((t) => t.stop());
        return next;
      });
      const ctx = audioContext();
      await ctx.resume().catch(() => undefined);
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 1024;
      ctx.createMediaStreamSource(next).connect(analyser);
      inputAnalyser.current = analyser;
      setMicrophoneId(next.getAudioTracks()[0]?.getSettings().deviceId ?? deviceId ?? "");
      await list();
      return next;
    },
    [list],
  );

  // The bars follow the sound about ten times a second.
  useEffect(() => {
    if (!stream) return;
    const buf = new Uint8Array(1024);
    const timer = window.setInterval(() => {
      const read = (a: AnalyserNode | null) => {
        if (!a) return 0;
        a.getByteTimeDomainData(buf);
        return levelPercent(buf);
      };
      inputLevelRef.current = read(inputAnalyser.current);
      setInputLevel(inputLevelRef.current);
      setOutputLevel(read(outputAnalyser.current));
    }, 100);
    return () => window.clearInterval(timer);
  }, [stream]);

  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);
  useEffect(() => () => void context.current?.close().catch(() => undefined), []);

  /** Plays an audio element on the chosen speaker and measures it on the output bar. */
  const playElement = useCallback(
    async (el: HTMLAudioElement) => {
      const sink = el as SinkElement;
      if (speakerId && sink.setSinkId) await sink.setSinkId(speakerId).catch(() => undefined);
      await el.play();
      if (el.srcObject) return;
      const captured = sink.captureStream?.();
      if (captured && captured.getAudioTracks().length) {
        const analyser = audioContext().createAnalyser();
        analyser.fftSize = 1024;
        audioContext().createMediaStreamSource(captured).connect(analyser);
        outputAnalyser.current = analyser;
      }
    },
    [speakerId],
  );

  /** A short tone through the chosen speaker (Play Test Sound; the tone before each answer). */
  const playTone = useCallback(
    (seconds = 0.6, frequency = 660) =>
      new Promise<void>((resolve) => {
        const ctx = audioContext();
        const rate = ctx.sampleRate;
        const frames = Math.floor(rate * seconds);
        const buffer = ctx.createBuffer(1, frames, rate);
        const data = buffer.getChannelData(0);
        for (let i = 0; i < frames; i++) data[i] = 0.3 * Math.sin((2 * Math.PI * frequency * i) / rate) * Math.min(1, (frames - i) / (rate * 0.05));
        const dest = ctx.createMediaStreamDestination();
        const src = ctx.createBufferSource();
        src.buffer = buffer;
        src.connect(dest);
        // The tone is measured at its source: the output bar shows it whatever the speaker.
        const analyser = ctx.createAnalyser();
        analyser.fftSize = 1024;
        src.connect(analyser);
        outputAnalyser.current = analyser;
        const el = new Audio();
        el.srcObject = dest.stream;
        src.onended = () => {
          el.pause();
          resolve();
        };
        src.start();
        playElement(el).catch(() => resolve());
      }),
    [playElement],
  );

  return { stream, microphones, speakers, microphoneId, speakerId, setSpeakerId, inputLevel, outputLevel, inputLevelRef, start, playElement, playTone };
}
export type AudioDevices = ReturnType<typeof useAudioDevices>;
