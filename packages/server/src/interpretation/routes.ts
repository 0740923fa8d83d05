import { interpretationMessages, type interpretationRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { submitInterpretationRequest } from "./service.js";

/** /api/interpretation_requests/submit_request. */
export const interpretationHandlers = (ctx: AppContext): AreaHandlers<typeof interpretationRoutes> => ({
  submitRequest: async ({ input, scope }) => {
    await submitInterpretationRequest(ctx, scope, input);
    return { success: true, message: interpretationMessages.submitted };
  },
});
