import type { FastifyInstance } from "fastify";
import { trackMessages, trackRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { clientScopeOf } from "../history/records.js";
import { getTrack, updateTrack } from "./service.js";

/** /api/test_tracks/*: batteries, each route a thin call into the service. */
export function registerTrackRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerRoute(app, trackRoutes.get, ({ params, caller }) => getTrack(db, clientScopeOf(caller), params.id));

  registerRoute(app, trackRoutes.update, async ({ input, caller, req }) => {
    await updateTrack(db, caller, clientScopeOf(caller), input.candidateTrackId, input.completed, req.ip);
    const name = input.completed ? "completed" : "reopened";
    return { success: true, message: trackMessages[name], messageKey: `tracks.messages.${name}` };
  });
}
