import { evaluatorProfileMessages, staffMessages, type backofficeEvaluatorRoutes, type backofficeStaffRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { getStaff, listStaff, resendStaffActivation, saveStaff, setStaffActive, staffRoleOptions } from "./service.js";
import { evaluatorProfileOptions, getEvaluatorProfile, listEvaluatorProfiles, saveEvaluatorProfile } from "./evaluators.js";

/** /api/backoffice/staff/*: each route a thin call into the service. */
export const backofficeStaffHandlers = (ctx: AppContext): AreaHandlers<typeof backofficeStaffRoutes> => ({
  list: ({ input, scope }) => listStaff(ctx, scope, input),
  roles: ({ scope }) => staffRoleOptions(ctx, scope),
  get: ({ params, scope }) => getStaff(ctx, scope, params),
  edit: async ({ input, scope }) => {
    const { id, created } = await saveStaff(ctx, scope, input);
    return { success: true, id, message: created ? staffMessages.created : staffMessages.saved };
  },
  setActive: async ({ input, scope }) => {
    await setStaffActive(ctx, scope, input);
    return { success: true, message: input.active ? staffMessages.reactivated : staffMessages.deactivated };
  },
  resendActivation: async ({ input, scope }) => {
    await resendStaffActivation(ctx, scope, input);
    return { success: true, message: staffMessages.activationSent };
  },
});

/** /api/backoffice/evaluators/*: the evaluator profiles of staff users. */
export const backofficeEvaluatorHandlers = (ctx: AppContext): AreaHandlers<typeof backofficeEvaluatorRoutes> => ({
  list: ({ input, scope }) => listEvaluatorProfiles(ctx, scope, input),
  options: ({ scope }) => evaluatorProfileOptions(ctx, scope),
  get: ({ params, scope }) => getEvaluatorProfile(ctx, scope, params),
  save: async ({ input, scope }) => ({ success: true, id: await saveEvaluatorProfile(ctx, scope, input), message: evaluatorProfileMessages.saved }),
});
