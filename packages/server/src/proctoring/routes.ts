import type { proctoringRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { authorizeProctor, submitAgreement } from "./service.js";

/** The exam password and the proctor agreement (contract: proctoring/proctoring.ts). */
export const proctoringHandlers = (ctx: AppContext): AreaHandlers<typeof proctoringRoutes> => ({
  authorize: ({ input, scope }) => authorizeProctor(ctx, scope, input),
  agreement: ({ input, scope }) => submitAgreement(ctx, scope, input),
});
