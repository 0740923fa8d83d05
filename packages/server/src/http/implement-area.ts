import type { FastifyInstance } from "fastify";
import type { RouteDef, RouteParsedInput } from "@parlance/contract";
import { registerRoute, type RouteHandler } from "./register-route.js";

/** A contract area: an object of `defineRoute`s, e.g. `officeRoutes`. */
export type Area = Record<string, RouteDef>;

/** One handler for each route of a contract area, by the route's name. */
export type AreaHandlers<A extends Area> = {
  [Name in keyof A]: RouteHandler<A[Name]>;
};

/** The handlers, with any name the area lacks turned into an error (also when spread from elsewhere). */
export type Exactly<A extends Area, H> = H & Record<Exclude<keyof H, keyof A>, never>;

/**
 * Registers a contract area with its handlers by the same names. A route without a handler, or a
 * handler without a route, fails to compile; registerRoute does the guard, validation and scope.
 */
export function implementArea<A extends Area, H extends AreaHandlers<A>>(app: FastifyInstance, area: A, handlers: Exactly<A, H>): void {
  for (const name of Object.keys(area) as (keyof A & string)[]) {
    registerRoute(app, area[name], handlers[name] as RouteHandler<A[typeof name]>);
  }
}

/** A route's validated input, as services take it: payload types come from the contract only. */
export type InputOf<R extends RouteDef> = RouteParsedInput<R>;
