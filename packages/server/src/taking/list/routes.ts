import type { FastifyInstance } from "fastify";
import { testListRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { chooseAccount, listTests } from "./service.js";

/** GET /api/tests/list and /api/tests/choose_account/:ids. */
export function registerTestListRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, testListRoutes.list, ({ caller }) => listTests(ctx, caller));
  registerRoute(app, testListRoutes.chooseAccount, ({ params, caller }) => chooseAccount(ctx, caller, params.ids));
}
