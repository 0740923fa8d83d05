import type { takingListRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { chooseAccount, listTests } from "./service.js";

/** GET /api/tests/list and /api/tests/choose_account/:ids. */
export const takingListHandlers = (ctx: AppContext): AreaHandlers<typeof takingListRoutes> => ({
  list: ({ scope }) => listTests(ctx, scope),
  chooseAccount: ({ params, scope }) => chooseAccount(ctx, scope, params),
});
