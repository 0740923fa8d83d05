import type { FastifyInstance } from "fastify";
import { apiAreas, type ApiAreas, type AreaName } from "@parlance/contract";
import type { AppContext } from "./context.js";
import { implementArea, type Area, type AreaHandlers } from "./http/implement-area.js";
import { officeHandlers } from "./settings/offices/routes.js";

/** The handlers of every contract area: an area without its handlers does not compile. */
type AreaFactories = { [Name in AreaName]: (ctx: AppContext) => AreaHandlers<ApiAreas[Name]> };

// TODO(issue 11): Partial only while the areas move over from their registerXRoutes functions.
const areaHandlers: Partial<AreaFactories> = {
  offices: officeHandlers,
};

/** Areas that exist only outside production (the developer mailbox holds every reset link). */
const DEVELOPMENT_ONLY: ReadonlySet<AreaName> = new Set(["mail"]);

/** Registers every contract area with its handlers (registerRoute does guard, validation and scope). */
export function implementApi(app: FastifyInstance, ctx: AppContext): void {
  for (const name of Object.keys(apiAreas) as AreaName[]) {
    if (ctx.config.production && DEVELOPMENT_ONLY.has(name)) continue;
    const handlers = areaHandlers[name];
    if (handlers) implementArea(app, apiAreas[name] as Area, handlers(ctx) as never);
  }
}
