import type { availabilityRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { availabilityPage } from "./page.js";
import { createWeekly, deleteWeekly, listWeekly, updateWeekly } from "./weekly.js";
import { createIndividual, deleteIndividual, listIndividual, updateIndividual } from "./individual.js";

/** /api/recurringunavailabilities/*, /api/specificunavailabilities/* and the screen's data: each a thin call into its service. */
export const availabilityHandlers = (ctx: AppContext): AreaHandlers<typeof availabilityRoutes> => ({
  page: ({ scope }) => availabilityPage(ctx, scope),
  recurringList: async ({ scope }) => ({ recurring_unavailabilities: await listWeekly(ctx, scope) }),
  recurringCreate: async ({ input, scope }) => ({ id: await createWeekly(ctx, scope, input) }),
  recurringUpdate: async ({ input, scope }) => {
    await updateWeekly(ctx, scope, input);
    return { success: true };
  },
  recurringDelete: async ({ input, scope }) => {
    await deleteWeekly(ctx, scope, input);
    return { success: true };
  },
  specificList: async ({ scope }) => ({ specific_unavailabilities: await listIndividual(ctx, scope) }),
  specificCreate: async ({ input, scope }) => ({ id: await createIndividual(ctx, scope, input) }),
  specificUpdate: async ({ input, scope }) => {
    await updateIndividual(ctx, scope, input);
    return { success: true };
  },
  specificDelete: async ({ input, scope }) => {
    await deleteIndividual(ctx, scope, input);
    return { success: true };
  },
});
