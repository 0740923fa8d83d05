import type { FastifyInstance } from "fastify";
import { recipientMessages, recipientRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { deleteRecipient, getRecipient, listRecipients, saveRecipient } from "./service.js";

/** /api/resultrecipients/*: the contract's recipientRoutes, each a thin call into the service. */
export function registerRecipientRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerRoute(app, recipientRoutes.list, ({ input, caller }) => listRecipients(db, caller, input.officeId, input.page));

  registerRoute(app, recipientRoutes.get, ({ params, caller }) => getRecipient(db, caller, params.id));

  registerRoute(app, recipientRoutes.edit, async ({ input, caller }) => {
    const id = await saveRecipient(db, caller, input);
    return { success: true, id, message: recipientMessages.saved };
  });

  registerRoute(app, recipientRoutes.delete, async ({ input, caller, req }) => {
    await deleteRecipient(db, caller, input.id, req.ip);
    return { success: true, message: recipientMessages.deleted };
  });
}
