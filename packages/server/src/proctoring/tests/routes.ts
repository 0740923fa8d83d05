import type { proctoringTestRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { proctoredTestPage, proctoredTests } from "./service.js";

/** A proctor's proctored online tests (/api/proctorservice/proctored_tests…; contract proctoring/tests.ts). */
export const proctoringTestHandlers = (ctx: AppContext): AreaHandlers<typeof proctoringTestRoutes> => ({
  list: ({ input, scope }) => proctoredTests(ctx, scope, input.page),
  get: ({ params, scope }) => proctoredTestPage(ctx, scope, params.id),
});
