import { contactMessages, type contactRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { sendContactRequest } from "./service.js";

/** /api/contact/send_request. */
export const contactHandlers = (ctx: AppContext): AreaHandlers<typeof contactRoutes> => ({
  sendRequest: async ({ input, scope }) => {
    await sendContactRequest(ctx, scope, input);
    return { success: true, message: contactMessages.sent };
  },
});
