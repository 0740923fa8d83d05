import { useCallback, useEffect, useRef, useState } from "react";
import { CALL_STATE, webIvrRoutes, type IvrCallView, type IvrStepView } from "@parlance/contract";
import { call as callApi, hrefOf } from "../../../api/client";
import { AnswerDetector } from "./levels";
import type { AudioDevices } from "./useAudioDevices";

/**
 * The web call (the local voice provider): the browser plays each step the server's IVR engine
 * answers, records the spoken response with MediaRecorder and uploads it as it ends. The call
 * state is the spec's (§4): 0 not started, 1 calling, 2 accepted, 3 cancelled, 4 disconnected.
 * Provider events: accept once the line (microphone and first step) is up; cancel when it fails
 * before; disconnect when the page goes away or End Call is confirmed. The server owns the steps:
 * every answer of it is applied as it comes, so a reload resumes where the server is.
 */

export type Phase = "idle" | "prompt" | "recording" | "saving" | "done";
/** How a recording ends: an answer to send, silence (no response), or dropped (Request Repeat, End Call). */
type StopHow = "keep" | "silent" | "drop";

/** Renews the token well before its 30 minutes run out. */
const TOKEN_RENEW_MS = 20 * 60_000;
const UPLOAD_TRIES = 4;

const recorderType = () => (typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported("audio/webm;codecs=opus") ? "audio/webm;codecs=opus" : "");
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useWebIvrCall(testId: number, devices: AudioDevices) {
  const [view, setView] = useState<IvrCallView | null>(null);
  const [state, setState] = useState<number>(CALL_STATE.notStarted);
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<unknown>(null);
  const token = useRef<{ value: string; at: number } | null>(null);
  const callId = useRef<number | null>(null);
  const playing = useRef<HTMLAudioElement | null>(null);
  const recorder = useRef<{ media: MediaRecorder; stop: (how: StopHow) => void } | null>(null);
  const seq = useRef(Date.now());
  const params = { id: testId };

  const freshToken = useCallback(async () => {
    if (!token.current || Date.now() - token.current.at > TOKEN_RENEW_MS) {
      const t = await callApi(webIvrRoutes.candidateAccessToken, {}, { id: testId });
      token.current = { value: t.token, at: Date.now() };
    }
    return token.current.value;
  }, [testId]);

  const stopSound = () => {
    playing.current?.pause();
    playing.current = null;
    if (typeof speechSynthesis !== "undefined") speechSynthesis.cancel();
  };

  const apply = useCallback((v: IvrCallView) => {
    setView(v);
    setState(v.state);
    if (v.state === CALL_STATE.cancelled || v.state === CALL_STATE.disconnected) {
      callId.current = null;
      setPhase("done");
    } else setPhase(v.step ? "prompt" : "idle");
  }, []);

  const fail = useCallback((e: unknown) => {
    recorder.current?.stop("drop");
    stopSound();
    setError(e);
  }, []);

  /** A step operation the server answers with the call as it is now. */
  const stepCall = useCallback(
    async (what: "promptPlayed" | "repeat" | "noResponse", index: number) => {
      const id = callId.current;
      if (id === null) return;
      try {
        apply(await callApi(webIvrRoutes[what], { token: await freshToken(), call_id: id, step: index }, params));
      } catch (e) {
        fail(e);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apply, fail, freshToken, testId],
  );

  /** Uploads one response, trying again on a failed network: acknowledged means stored. */
  const upload = useCallback(
    async (index: number, blob: Blob, durationMs: number) => {
      const id = callId.current;
      if (id === null) return;
      const mySeq = ++seq.current;
      setPhase("saving");
      for (let attempt = 1; ; attempt++) {
        const form = new FormData();
        form.append("token", await freshToken());
        form.append("call_id", String(id));
        form.append("step", String(index));
        form.append("seq", String(mySeq));
        form.append("duration_ms", String(Math.round(durationMs)));
        form.append("audio", blob, "response.webm");
        try {
          const r = await callApi(webIvrRoutes.response, {}, params, { formData: form, timeoutMs: 30_000 });
          apply(r.call);
          return;
        } catch (e) {
          const status = (e as { status?: number }).status ?? 0;
          if (status !== 0 || attempt >= UPLOAD_TRIES) return fail(e);
          await sleep(1000 * 2 ** (attempt - 1));
        }
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apply, fail, freshToken, testId],
  );

  /** Records after the tone until the answer ends (speech, then silence), then uploads it. */
  const record = useCallback(
    async (s: IvrStepView) => {
      const stream = devices.stream;
      if (!stream || !s.record) return;
      await devices.playTone(0.35, 880);
      const type = recorderType();
      const media = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      const started = Date.now();
      const detector = new AnswerDetector(started, s.record.silence_seconds, s.record.max_seconds);
      let how: StopHow = "keep";
      const timer = window.setInterval(() => {
        const verdict = detector.observe(devices.inputLevelRef.current, Date.now());
        if (verdict === "answered" || verdict === "tooLong") stop("keep");
        else if (verdict === "silent") stop("silent");
      }, 100);
      const stop = (why: StopHow) => {
        window.clearInterval(timer);
        how = why;
        if (media.state !== "inactive") media.stop();
      };
      recorder.current = { media, stop };
      media.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
      media.onstop = () => {
        recorder.current = null;
        if (callId.current === null) return;
        const blob = new Blob(chunks, { type: media.mimeType || "audio/webm" });
        if (how === "keep" && blob.size > 0) void upload(s.index, blob, Date.now() - started);
        else if (how !== "drop") void stepCall("noResponse", s.index);
      };
      media.start(250);
      setPhase("recording");
    },
    [devices, stepCall, upload],
  );

  /** Plays a step's prompt: the recording from the server, or the text spoken by the browser. */
  const playPrompt = useCallback(
    (s: IvrStepView, after: () => void) => {
      const prompt = s.prompt;
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        after();
      };
      if (prompt.kind === "play") {
        const id = callId.current;
        const el = new Audio(hrefOf(webIvrRoutes.promptAudio, { id: testId }, { token: token.current?.value ?? "", call_id: id ?? "", item: prompt.item_id }));
        playing.current = el;
        el.onended = once;
        el.onerror = () => fail(new Error("prompt"));
        devices.playElement(el).catch(fail);
        return;
      }
      // Text to speak: the browser's voice where it has one; the text is on the screen in any case.
      const fallback = window.setTimeout(once, 1500 + wordsOf(prompt.text) * 450);
      if (typeof speechSynthesis !== "undefined" && typeof SpeechSynthesisUtterance !== "undefined") {
        const u = new SpeechSynthesisUtterance(prompt.text);
        u.lang = prompt.language;
        u.onend = () => {
          window.clearTimeout(fallback);
          once();
        };
        speechSynthesis.speak(u);
      }
    },
    [devices, fail, testId],
  );

  // Each new step (or the same step again, after Request Repeat or silence) plays, then records or goes on.
  // A `wait` step (a test whose online part is still open) holds: the server is asked again after its pause.
  const [holds, setHolds] = useState(0);
  const s = view?.step ?? null;
  const stepKey = s && phase === "prompt" ? `${view?.call_id}:${s.index}:${s.again}:${s.repeats_left}:${s.prompt.kind === "wait" ? holds : ""}` : null;
  useEffect(() => {
    if (!s || !stepKey) return;
    if (s.prompt.kind === "wait") {
      const id = callId.current;
      const timer = window.setTimeout(async () => {
        if (id === null) return;
        try {
          apply(await callApi(webIvrRoutes.state, { token: await freshToken(), call_id: id }, params));
          setHolds((n) => n + 1);
        } catch (e) {
          fail(e);
        }
      }, s.prompt.seconds * 1000);
      return () => window.clearTimeout(timer);
    }
    playPrompt(s, () => {
      if (s.record) void record(s);
      else void stepCall("promptPlayed", s.index);
    });
    return stopSound;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepKey]);

  /** Begin Call: calling (1); accepted (2) once the server has the call and the microphone is live. */
  const begin = useCallback(async () => {
    setError(null);
    setState(CALL_STATE.calling);
    setPhase("idle");
    try {
      if (!devices.stream) await devices.start();
      const v = await callApi(webIvrRoutes.begin, { token: await freshToken() }, params);
      callId.current = v.call_id;
      apply(await callApi(webIvrRoutes.event, { token: await freshToken(), call_id: v.call_id, event: "accept", ended_by_candidate: false }, params));
    } catch (e) {
      const id = callId.current;
      callId.current = null;
      setState(CALL_STATE.cancelled);
      setPhase("done");
      setError(e);
      if (id !== null) void callApi(webIvrRoutes.event, { token: token.current?.value ?? "", call_id: id, event: "cancel", ended_by_candidate: false }, params).catch(() => undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apply, devices, freshToken, testId]);

  /** Request Repeat: stops what is playing or recording and asks for the step again. */
  const repeat = useCallback(() => {
    if (!s) return;
    recorder.current?.stop("drop");
    recorder.current = null;
    stopSound();
    void stepCall("repeat", s.index);
  }, [s, stepCall]);

  /** End Call (confirmed): what is being recorded is dropped (the candidate ended the call), the call is disconnected. */
  const end = useCallback(async () => {
    const id = callId.current;
    if (id === null) return;
    stopSound();
    recorder.current?.stop("drop");
    try {
      const v = await callApi(webIvrRoutes.event, { token: await freshToken(), call_id: id, event: "disconnect", ended_by_candidate: true }, params);
      apply(v);
    } catch (e) {
      fail(e);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apply, fail, freshToken, testId]);

  // Leaving the page hangs up (the provider's disconnect), so the call does not wait for the idle sweep.
  useEffect(() => {
    const hangUp = () => {
      const id = callId.current;
      if (id === null || !token.current) return;
      void callApi(webIvrRoutes.event, { token: token.current.value, call_id: id, event: "disconnect", ended_by_candidate: false }, params, { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener("pagehide", hangUp);
    return () => window.removeEventListener("pagehide", hangUp);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [testId]);

  return { view, state, phase, error, begin, repeat, end };
}
