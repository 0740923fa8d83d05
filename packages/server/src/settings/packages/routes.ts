import type { FastifyInstance } from "fastify";
import { testGroupMessages, testGroupRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { deleteTestGroup, getTestGroup, listTestGroups, saveTestGroup } from "./service.js";

/** /api/testpackages/*: the contract's testGroupRoutes, each a thin call into the service. */
export function registerTestGroupRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerRoute(app, testGroupRoutes.list, ({ input, caller }) => listTestGroups(db, caller, input.officeId, input.page));

  registerRoute(app, testGroupRoutes.get, ({ params, caller }) => getTestGroup(db, caller, params.id));

  registerRoute(app, testGroupRoutes.edit, async ({ input, caller }) => {
    const id = await saveTestGroup(db, caller, input);
    return { success: true, id, message: testGroupMessages.saved };
  });

  registerRoute(app, testGroupRoutes.delete, async ({ input, caller, req }) => {
    await deleteTestGroup(db, caller, input.id, req.ip);
    return { success: true, message: testGroupMessages.deleted };
  });
}
