import { accountProfileMessages, type accountRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { profileOf, saveProfile } from "./profile.js";

/** /api/account/profile and /api/account/save_profile: the caller's own email and password. */
export const accountHandlers = (ctx: AppContext): AreaHandlers<typeof accountRoutes> => ({
  profile: ({ scope }) => profileOf(ctx, scope),
  saveProfile: async ({ input, scope }) => {
    await saveProfile(ctx, scope, input);
    return { success: true, messageKey: "accountProfile.body.profileUpdated", message: accountProfileMessages.profileUpdated };
  },
});
