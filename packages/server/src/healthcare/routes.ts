import type { healthcareRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { listHealthcareRoles } from "./service.js";

/** /api/healthcare_roles/*: the health care roles page and the candidate form's role choices. */
export const healthcareHandlers = (ctx: AppContext): AreaHandlers<typeof healthcareRoutes> => ({
  getRoles: async ({ scope }) => ({ roles: await listHealthcareRoles(ctx, scope) }),
});
