import type { FastifyInstance } from "fastify";
import { testingUserRoutes, userMessages } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { deleteUser, getUser, listUsers, saveUser } from "./service.js";

/** /api/testingusers/*: the contract's testingUserRoutes, each a thin call into the service. */
export function registerTestingUserRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerRoute(app, testingUserRoutes.list, ({ input, caller }) => listUsers(db, caller, input.officeId, input.page));

  registerRoute(app, testingUserRoutes.get, ({ params, caller }) => getUser(db, caller, params.id));

  registerRoute(app, testingUserRoutes.edit, async ({ input, caller }) => {
    const id = await saveUser(db, caller, input);
    return { success: true, id, message: userMessages.saved };
  });

  registerRoute(app, testingUserRoutes.delete, async ({ input, caller, req }) => {
    const outcome = await deleteUser(db, caller, input.id, req.ip);
    const deactivated = outcome === "deactivated";
    return { success: true, deactivated, message: deactivated ? userMessages.deactivated : userMessages.deleted };
  });
}
