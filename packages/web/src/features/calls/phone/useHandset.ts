import { useCallback, useEffect, useRef, useState } from "react";
import { devPhoneRoutes, type IvrCallView } from "@parlance/contract";
import { call, hrefOf } from "../../../api/client";

/**
 * The developer phone's handset: it plays the part of the candidate's telephone for a call of the
 * local voice provider, driving the IVR engine as Twilio's webhooks do for a real call. Each step:
 * the prompt plays (the item's recording, or the text spoken by the browser), then either the
 * engine is told it played, or the microphone records the response until Done speaking (or the
 * step's longest response), which is uploaded and acknowledged before the next step. A call that
 * holds for the online part of its test (a `wait` step) says its hold message and asks the engine
 * again every few seconds, as Twilio's <Pause> and <Redirect> do.
 */
export type HandsetPhase = "connecting" | "prompt" | "waiting" | "recording" | "sending" | "ended" | "failed";

/** How often the holding handset asks where the call is. */
const WAIT_POLL_MS = 2000;

/** Says a text with the browser's voice, where it has one (headless browsers have none: the text is on screen). */
function speak(text: string, lang: string): void {
  if (typeof speechSynthesis === "undefined" || speechSynthesis.getVoices().length === 0) return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = lang;
  speechSynthesis.speak(u);
}

export function useHandset(callId: number) {
  const [view, setView] = useState<IvrCallView | null>(null);
  const [phase, setPhase] = useState<HandsetPhase>("connecting");
  const [error, setError] = useState<unknown>(null);
  const recorder = useRef<{ media: MediaRecorder; chunks: Blob[]; started: number; keep: boolean; timer: number } | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const fail = useCallback((e: unknown) => {
    setError(e);
    setPhase("failed");
  }, []);

  const apply = useCallback((next: IvrCallView) => {
    setView(next);
    setPhase(!next.step ? "ended" : next.step.prompt.kind === "wait" ? "waiting" : "prompt");
  }, []);

  const stopPrompt = () => {
    audio.current?.pause();
    audio.current = null;
    if (typeof speechSynthesis !== "undefined") speechSynthesis.cancel();
  };

  /** Stops the recorder; `keep` says whether what it heard is the response to send. */
  const stopRecording = useCallback((keep: boolean) => {
    const r = recorder.current;
    if (!r) return;
    r.keep = keep;
    window.clearTimeout(r.timer);
    if (r.media.state !== "inactive") r.media.stop();
  }, []);

  const step = useCallback(
    async (action: "played" | "repeat" | "silence", index: number) => {
      try {
        apply(await call(devPhoneRoutes.devStep, { action, step: index }, { callId }));
      } catch (e) {
        fail(e);
      }
    },
    [apply, callId, fail],
  );

  const record = useCallback(
    async (index: number, maxSeconds: number) => {
      try {
        stream.current ??= await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (e) {
        fail(e);
        return;
      }
      const type = MediaRecorder.isTypeSupported("audio/webm;codecs=opus") ? "audio/webm;codecs=opus" : "";
      const media = new MediaRecorder(stream.current, type ? { mimeType: type } : undefined);
      const state = { media, chunks: [] as Blob[], started: Date.now(), keep: false, timer: 0 };
      recorder.current = state;
      media.ondataavailable = (e) => e.data.size > 0 && state.chunks.push(e.data);
      media.onstop = () => {
        recorder.current = null;
        if (!state.keep) return;
        const blob = new Blob(state.chunks, { type: media.mimeType || "audio/webm" });
        if (blob.size === 0) return void step("silence", index);
        setPhase("sending");
        const form = new FormData();
        form.append("step", String(index));
        form.append("seq", String(Date.now()));
        form.append("duration_ms", String(Date.now() - state.started));
        form.append("file", blob, "response.webm");
        call(devPhoneRoutes.devResponse, {}, { callId }, { formData: form })
          .then((r) => apply(r.call))
          .catch(fail);
      };
      media.start(250);
      state.timer = window.setTimeout(() => stopRecording(true), maxSeconds * 1000);
      setPhase("recording");
    },
    [apply, callId, fail, step, stopRecording],
  );

  // Each new step (or the same step again) plays its prompt, then goes on as the step says.
  const stepKey = view?.step ? `${view.step.index}:${view.step.again}:${view.step.repeats_left}` : null;
  useEffect(() => {
    const s = view?.step;
    if (!s || phase !== "prompt") return;
    let cancelled = false;
    const after = () => {
      if (cancelled) return;
      if (s.record) void record(s.index, s.record.max_seconds);
      else void step("played", s.index);
    };
    if (s.prompt.kind === "play") {
      const a = new Audio(hrefOf(devPhoneRoutes.devPromptAudio, { callId }, { item: s.prompt.item_id }));
      audio.current = a;
      a.onended = after;
      a.onerror = after;
      a.play().catch(after);
    } else {
      // The browser speaks the text when it has a voice; the step goes on once it is said (or after a reading pause).
      const pause = window.setTimeout(after, Math.min(8000, 1200 + s.prompt.text.length * 40));
      speak(s.prompt.text, s.prompt.language);
      return () => {
        cancelled = true;
        window.clearTimeout(pause);
      };
    }
    return () => {
      cancelled = true;
    };
    // The step's key names the prompt to play; the view object changes with every answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepKey, phase]);

  // On hold: the hold message once, then the engine is asked again until the call goes on.
  const holding = phase === "waiting" && view?.step?.prompt.kind === "wait" ? view.step.prompt : null;
  useEffect(() => {
    if (!holding) return;
    speak(holding.text, holding.language);
    const timer = window.setInterval(() => {
      call(devPhoneRoutes.devCall, {}, { callId })
        .then((next) => next.step?.prompt.kind !== "wait" && apply(next))
        .catch(fail);
    }, WAIT_POLL_MS);
    return () => window.clearInterval(timer);
    // Once per hold: the polls answer the same wait step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [holding !== null, callId]);

  const answer = useCallback(async () => {
    setPhase("connecting");
    try {
      apply(await call(devPhoneRoutes.devAnswer, {}, { callId }));
    } catch (e) {
      fail(e);
    }
  }, [apply, callId, fail]);

  // Hanging up or leaving the page releases the microphone.
  useEffect(
    () => () => {
      stopPrompt();
      stream.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return {
    view,
    phase,
    error,
    answer,
    doneSpeaking: () => stopRecording(true),
    noResponse: () => {
      const s = view?.step;
      stopRecording(false);
      if (s) void step("silence", s.index);
    },
    repeat: () => {
      const s = view?.step;
      stopPrompt();
      stopRecording(false);
      if (s) void step("repeat", s.index);
    },
    hangUp: async () => {
      stopPrompt();
      stopRecording(false);
      try {
        const ended = await call(devPhoneRoutes.devHangUp, {}, { callId });
        if (ended) setView(ended);
        setPhase("ended");
      } catch (e) {
        fail(e);
      }
    },
  };
}
