import { recipientMessages, type recipientRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { deleteRecipient, getRecipient, listRecipients, saveRecipient } from "./service.js";

/** /api/resultrecipients/*: each route a thin call into the service. */
export const recipientHandlers = (ctx: AppContext): AreaHandlers<typeof recipientRoutes> => ({
  list: ({ input, scope }) => listRecipients(ctx, scope, input),
  get: ({ params, scope }) => getRecipient(ctx, scope, params),
  edit: async ({ input, scope }) => ({ success: true, id: await saveRecipient(ctx, scope, input), message: recipientMessages.saved }),
  delete: async ({ input, scope }) => {
    await deleteRecipient(ctx, scope, input);
    return { success: true, message: recipientMessages.deleted };
  },
});
