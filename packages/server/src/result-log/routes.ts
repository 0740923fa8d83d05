import type { resultLogRoutes } from "@parlance/contract";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { checkpointAt, consistency, inclusion, latest, publishedKeys } from "./service.js";

/**
 * The result log's public routes (contract result-log/routes.ts): readable from any origin, so a
 * verifier elsewhere can fetch them. A checkpoint of a given size never changes (cached a year);
 * the latest one and proofs to it move with every append.
 */
function openToAll(reply: FastifyReply, maxAge?: number): void {
  reply.header("access-control-allow-origin", "*");
  if (maxAge !== undefined) reply.header("cache-control", `public, max-age=${maxAge}${maxAge >= 86_400 ? ", immutable" : ""}`);
}

export const resultLogHandlers = (ctx: AppContext): AreaHandlers<typeof resultLogRoutes> => ({
  latest: ({ reply }) => {
    openToAll(reply);
    return latest(ctx);
  },
  checkpoint: async ({ params, reply }) => {
    const answer = await checkpointAt(ctx, params.size);
    openToAll(reply, 365 * 86_400);
    return answer;
  },
  keys: ({ reply }) => {
    openToAll(reply, 300);
    return publishedKeys(ctx);
  },
  inclusion: ({ params, input, reply }) => {
    openToAll(reply);
    return inclusion(ctx, params.key, input);
  },
  consistency: async ({ input, reply }) => {
    const answer = await consistency(ctx, input);
    openToAll(reply, 365 * 86_400);
    return answer;
  },
});
