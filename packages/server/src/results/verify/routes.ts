import type { verifyRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { verifiedResult, verifyKey } from "./service.js";

/** POST /api/test_results/verify and the public page's GET /api/test_results/verified/:key (both public). */
export const verifyHandlers = (ctx: AppContext): AreaHandlers<typeof verifyRoutes> => ({
  verify: ({ input, req }) => verifyKey(ctx, req, input),
  verified: ({ params, req }) => verifiedResult(ctx, req, params),
});
