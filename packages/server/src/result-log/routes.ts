import type { resultLogRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { checkpointAt, consistency, inclusion, latest, publishedKeys } from "./service.js";

/** The result log's public routes (contract result-log/routes.ts). */
export const resultLogHandlers = (ctx: AppContext): AreaHandlers<typeof resultLogRoutes> => ({
  latest: () => latest(ctx),
  checkpoint: ({ params }) => checkpointAt(ctx, params.size),
  keys: () => publishedKeys(ctx),
  inclusion: ({ params, input }) => inclusion(ctx, params.key, input),
  consistency: ({ input }) => consistency(ctx, input),
});
