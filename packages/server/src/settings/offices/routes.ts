import type { FastifyInstance } from "fastify";
import { officeMessages, officeRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { deleteOffice, getOffice, listOffices, officeScopeOf, saveOffice } from "./service.js";

/** /api/offices/*: the contract's officeRoutes, each a thin call into the service. */
export function registerOfficeRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerRoute(app, officeRoutes.list, ({ input, caller }) => listOffices(db, officeScopeOf(caller), input.page));

  registerRoute(app, officeRoutes.get, ({ params, caller }) => getOffice(db, officeScopeOf(caller), params.id));

  registerRoute(app, officeRoutes.edit, async ({ input, caller }) => {
    const id = await saveOffice(db, officeScopeOf(caller), { id: input.id, name: input.name, isInvoiced: input.is_invoiced });
    return { success: true, id, message: officeMessages.saved };
  });

  registerRoute(app, officeRoutes.delete, async ({ input, caller, req }) => {
    await deleteOffice(db, caller, officeScopeOf(caller), input.id, req.ip);
    return { success: true, message: officeMessages.deleted };
  });
}
