import { useCallback, useEffect, useRef, useState } from "react";
import { videoRoutes, type VideoRole } from "@parlance/contract";
import { call } from "../../api/client";
import { VideoCall } from "./videoCall";

/**
 * The state of one side of a video room (candidate-testing.md §4): the room is not ready, in
 * camera preview, connected or disconnected, and the camera Off, Previewing or Connected.
 */
export type RoomState = "notReady" | "preview" | "connected" | "disconnected";
export type CameraStatus = "off" | "previewing" | "connected";
/** What went wrong, as the spec's two messages say it (§8): setting up the video, or its player. */
export type VideoProblem = "setupFailure" | "playerFailure" | "replaced" | null;

export interface VideoRoom {
  room: RoomState;
  camera: CameraStatus;
  local: MediaStream | null;
  remote: MediaStream | null;
  problem: VideoProblem;
  busy: boolean;
  preview(): Promise<void>;
  connect(): Promise<void>;
  disconnect(): void;
  /** The remote <video> would not play: the player's own failure. */
  playerFailed(): void;
}

async function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: true, audio: true });
}

export function useVideoRoom(role: VideoRole, assignedTestId: number): VideoRoom {
  const [room, setRoom] = useState<RoomState>("notReady");
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<VideoProblem>(null);
  const [busy, setBusy] = useState(false);
  const localRef = useRef<MediaStream | null>(null);
  const callRef = useRef<VideoCall | null>(null);
  // The evaluator's screen has only the player message in its catalogue (evaluators spec §8).
  const setupFailure: VideoProblem = role === "evaluator" ? "playerFailure" : "setupFailure";

  const camera = useCallback(async (): Promise<MediaStream> => {
    if (localRef.current) return localRef.current;
    const stream = await openCamera();
    localRef.current = stream;
    setLocal(stream);
    return stream;
  }, []);

  const stopCamera = useCallback(() => {
    for (const track of localRef.current?.getTracks() ?? []) track.stop();
    localRef.current = null;
    setLocal(null);
  }, []);

  const preview = useCallback(async () => {
    setProblem(null);
    setBusy(true);
    try {
      await camera();
      setRoom((r) => (r === "connected" ? r : "preview"));
    } catch {
      setProblem(setupFailure);
    } finally {
      setBusy(false);
    }
  }, [camera, setupFailure]);

  const connect = useCallback(async () => {
    if (callRef.current) return;
    setProblem(null);
    setBusy(true);
    try {
      const stream = await camera();
      const access = await call(role === "candidate" ? videoRoutes.candidateAccessToken : videoRoutes.evaluatorAccessToken, {}, { id: assignedTestId });
      const videoCall = new VideoCall(role, access, stream, {
        onRemoteStream: setRemote,
        onClosed: (reason) => {
          callRef.current = null;
          setRemote(null);
          setRoom("disconnected");
          if (reason === "replaced") setProblem("replaced");
          else if (reason === "failed") setProblem(setupFailure);
        },
      });
      callRef.current = videoCall;
      try {
        await videoCall.start();
      } catch (err) {
        callRef.current = null;
        throw err;
      }
      setRoom("connected");
    } catch {
      setProblem(setupFailure);
    } finally {
      setBusy(false);
    }
  }, [assignedTestId, camera, role, setupFailure]);

  const disconnect = useCallback(() => {
    callRef.current?.stop();
    callRef.current = null;
    stopCamera();
    setRemote(null);
    setRoom("disconnected");
  }, [stopCamera]);

  // Leaving the page leaves the room and turns the camera off.
  useEffect(
    () => () => {
      callRef.current?.stop();
      for (const track of localRef.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  const playerFailed = useCallback(() => setProblem("playerFailure"), []);
  const cameraStatus: CameraStatus = !local ? "off" : room === "connected" ? "connected" : "previewing";
  return { room, camera: cameraStatus, local, remote, problem, busy, preview, connect, disconnect, playerFailed };
}
