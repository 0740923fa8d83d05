import { testGroupMessages, type testGroupRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { deleteTestGroup, getTestGroup, listTestGroups, saveTestGroup } from "./service.js";

/** /api/testpackages/*: each route a thin call into the service. */
export const testGroupHandlers = (ctx: AppContext): AreaHandlers<typeof testGroupRoutes> => ({
  list: ({ input, scope }) => listTestGroups(ctx, scope, input),
  get: ({ params, scope }) => getTestGroup(ctx, scope, params),
  edit: async ({ input, scope }) => ({ success: true, id: await saveTestGroup(ctx, scope, input), message: testGroupMessages.saved }),
  delete: async ({ input, scope }) => {
    await deleteTestGroup(ctx, scope, input);
    return { success: true, message: testGroupMessages.deleted };
  },
});
