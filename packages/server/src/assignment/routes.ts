import { assignmentMessages, type assignmentRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { assignmentOptionsFor, availableMedicalTestGroups, availableTests } from "./options.js";
import { createTests } from "./create.js";
import { cancelLiveTest, deleteTest } from "./cancel.js";

/** /api/test_assignment/*: each route a thin call into the service. */
export const assignmentHandlers = (ctx: AppContext): AreaHandlers<typeof assignmentRoutes> => ({
  options: ({ params, scope }) => assignmentOptionsFor(ctx, scope, params),
  availableTests: ({ params, scope }) => availableTests(ctx, scope, params),
  availableMedicalTestGroups: ({ params, scope }) => availableMedicalTestGroups(ctx, scope, params),
  createTests: ({ params, input, scope }) => createTests(ctx, scope, { ...input, candidateProfileId: params.candidateProfileId }),
  deleteTest: async ({ input, scope }) => {
    await deleteTest(ctx, scope, input);
    return { success: true, message: assignmentMessages.deleted, messageKey: "assignment.messages.deleted" };
  },
  deleteLiveTest: async ({ input, scope }) => {
    const name = (await cancelLiveTest(ctx, scope, input)) === "early" ? "cancelledEarly" : "cancelledLate";
    return { success: true, message: assignmentMessages[name], messageKey: `assignment.messages.${name}` };
  },
});
