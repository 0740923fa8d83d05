import type { takingShowRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { showTest } from "./service.js";

/** GET /api/tests/show/{id}: the test page's startup data. */
export const takingShowHandlers = (ctx: AppContext): AreaHandlers<typeof takingShowRoutes> => ({
  show: ({ params, scope }) => showTest(ctx, scope, params),
});
