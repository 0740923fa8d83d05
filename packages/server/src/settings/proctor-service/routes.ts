import type { FastifyInstance } from "fastify";
import { proctorServiceMessages, proctorServiceRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { getProctorSettings, saveProctorSettings } from "./service.js";

/** /api/proctorservice/*: the caller's account's proctor service settings. */
export function registerProctorServiceRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerRoute(app, proctorServiceRoutes.get, ({ caller }) => getProctorSettings(db, caller));

  registerRoute(app, proctorServiceRoutes.edit, async ({ input, caller }) => {
    await saveProctorSettings(db, caller, input);
    return { success: true, message: proctorServiceMessages.saved };
  });
}
