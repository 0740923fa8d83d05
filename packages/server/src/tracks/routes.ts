import { trackMessages, type trackRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { getTrack, updateTrack } from "./service.js";

/** /api/test_tracks/*: batteries, each route a thin call into the service. */
export const trackHandlers = (ctx: AppContext): AreaHandlers<typeof trackRoutes> => ({
  get: ({ params, scope }) => getTrack(ctx, scope, params),
  update: async ({ input, scope }) => {
    await updateTrack(ctx, scope, input);
    const name = input.completed ? "completed" : "reopened";
    return { success: true, message: trackMessages[name], messageKey: `tracks.messages.${name}` };
  },
});
