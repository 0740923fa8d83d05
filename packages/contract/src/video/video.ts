import { z } from "zod";
import { defineRoute } from "../route.js";
import { recordId } from "../settings/fields.js";

/**
 * The video room of a video test (candidate-testing.md §2 "Video panel: Preview Camera, Connect,
 * Disconnect", §4 video room states, §7 candidate_access_token, §8; evaluators-results-account.md
 * §7 evaluator_access_token, §8). The candidate and the evaluator meet by WebRTC, peer to peer;
 * the offer, answer and ICE candidates travel over our WebSocket (VIDEO_SOCKET_PATH), which
 * accepts only a valid token and joins only that token's room. `{id}` is the assigned test's id
 * (the candidate's live page and the evaluator's Test #). Rules the spec leaves open: docs/video.md.
 */

export const videoMessages = {
  // Spec §8 word for word.
  setupFailure: "An error occurred while setting up the video.",
  playerFailure: "An error occurred while setting up the video player.",
  // Ours.
  badId: "The test id must be a positive whole number.",
  notFound: "That video test was not found.",
  roomOff: "This test is not held in a video room; the interpreter will call you.",
  notStarted: "Start the test before joining its video room.",
  finished: "This test's session has ended.",
} as const;
export type VideoMessage = keyof typeof videoMessages;

/** A token joins its room within this many seconds of being issued (once). */
export const VIDEO_TOKEN_TTL_SECONDS = 120;
/** Where the browser opens the signalling WebSocket: `${VIDEO_SOCKET_PATH}/{id}?token=…`. */
export const VIDEO_SOCKET_PATH = "/ws/video";
/**
 * The largest SDP the socket accepts. Chromium's offer of audio and video runs to 6-10 kB, more
 * than one PostgreSQL NOTIFY carries, so the server passes a large one on in pieces.
 */
export const VIDEO_SIGNAL_MAX_BYTES = 32 * 1024;

export const VIDEO_ROLES = ["candidate", "evaluator"] as const;
export type VideoRole = (typeof VIDEO_ROLES)[number];

/** The WebSocket's close codes (4000–4999 are the application's own). */
export const VIDEO_CLOSE = {
  /** The token is missing, unknown, spent, expired or for another room. */
  badToken: 4401,
  /** The same person joined the room again elsewhere: this older socket gives way. */
  replaced: 4409,
  /** A message that is not a signal, or too large. */
  badMessage: 4400,
} as const;

export const videoParams = z.object({ id: recordId(videoMessages.badId) });

/** One STUN or TURN server, as RTCPeerConnection's iceServers takes it. */
export const iceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;

export const videoAccessToken = z.object({
  // --- spec §7 ---
  token: z.string(),
  // --- ours ---
  expiresAt: z.string(),
  role: z.enum(VIDEO_ROLES),
  /** The room's assigned test. */
  assignedTestId: z.number().int(),
  /** Where to open the WebSocket (path and query, same origin). */
  socketPath: z.string(),
  iceServers: z.array(iceServer),
});
export type VideoAccessToken = z.infer<typeof videoAccessToken>;

/**
 * What the peers send each other through the room: the WebRTC offer and answer (SDP) and ICE
 * candidates; `ready` says "I am here with my camera, make me an offer".
 */
export const videoSignal = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ready") }),
  z.object({ kind: z.literal("offer"), sdp: z.string().max(VIDEO_SIGNAL_MAX_BYTES) }),
  z.object({ kind: z.literal("answer"), sdp: z.string().max(VIDEO_SIGNAL_MAX_BYTES) }),
  z.object({
    kind: z.literal("candidate"),
    candidate: z.object({
      candidate: z.string().max(1024),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
]);
export type VideoSignal = z.infer<typeof videoSignal>;

/** Server to browser: who is in the room, and the other side's signals. */
export type VideoServerMessage =
  | { type: "joined"; role: VideoRole }
  | { type: "peer-joined"; role: VideoRole }
  | { type: "peer-left"; role: VideoRole }
  | { type: "signal"; from: VideoRole; signal: VideoSignal };

export const videoRoutes = {
  candidateAccessToken: defineRoute({
    method: "GET",
    path: "/api/videos/candidate_access_token/:id",
    params: videoParams,
    input: z.object({}),
    output: videoAccessToken,
    access: "tests",
    failure: "videoSetupFailure",
    summary: "A short-lived token that joins the candidate to their started video test's room (one room, one person, once)",
  }),
  evaluatorAccessToken: defineRoute({
    method: "GET",
    path: "/api/videos/evaluator_access_token/:id",
    params: videoParams,
    input: z.object({}),
    output: videoAccessToken,
    access: "evaluatorSchedule",
    failure: "videoPlayerFailure",
    summary: "A short-lived token that joins the evaluator to the room of a video test booked with them (one room, one person, once)",
  }),
} as const;
