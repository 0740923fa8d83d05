import { userMessages, type userRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { deleteUser, getUser, listUsers, saveUser } from "./service.js";

/** /api/testingusers/*: each route a thin call into the service. */
export const userHandlers = (ctx: AppContext): AreaHandlers<typeof userRoutes> => ({
  list: ({ input, scope }) => listUsers(ctx, scope, input),
  get: ({ params, scope }) => getUser(ctx, scope, params),
  edit: async ({ input, scope }) => ({ success: true, id: await saveUser(ctx, scope, input), message: userMessages.saved }),
  delete: async ({ input, scope }) => {
    const deactivated = (await deleteUser(ctx, scope, input)) === "deactivated";
    return { success: true, deactivated, message: deactivated ? userMessages.deactivated : userMessages.deleted };
  },
});
