import { proctorServiceMessages, type proctorServiceRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { getProctorSettings, saveProctorSettings } from "./service.js";

/** /api/proctorservice/*: the caller's account's proctor service settings. */
export const proctorServiceHandlers = (ctx: AppContext): AreaHandlers<typeof proctorServiceRoutes> => ({
  get: ({ scope }) => getProctorSettings(ctx, scope),
  edit: async ({ input, scope }) => {
    await saveProctorSettings(ctx, scope, input);
    return { success: true, message: proctorServiceMessages.saved };
  },
});
