import { officeMessages, type officeRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { deleteOffice, getOffice, listOffices, saveOffice } from "./service.js";

/** /api/offices/*: each route a thin call into the service. */
export const officeHandlers = (ctx: AppContext): AreaHandlers<typeof officeRoutes> => ({
  list: ({ input, scope }) => listOffices(ctx, scope, input),
  get: ({ params, scope }) => getOffice(ctx, scope, params),
  edit: async ({ input, scope }) => ({ success: true, id: await saveOffice(ctx, scope, input), message: officeMessages.saved }),
  delete: async ({ input, scope }) => {
    await deleteOffice(ctx, scope, input);
    return { success: true, message: officeMessages.deleted };
  },
});
