import type { videoRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { issueVideoToken } from "./access.js";

/** The two access tokens of a video room (the room itself is the WebSocket of signalling.ts). */
export const videoHandlers = (ctx: AppContext): AreaHandlers<typeof videoRoutes> => ({
  candidateAccessToken: ({ params, scope }) => issueVideoToken(ctx, scope, params.id, "candidate"),
  evaluatorAccessToken: ({ params, scope }) => issueVideoToken(ctx, scope, params.id, "evaluator"),
});
