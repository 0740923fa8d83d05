import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { RouteDef } from "@parlance/contract";
import { forbidden, unauthorized } from "./errors.js";
import { parseOrThrow } from "./validation.js";
import { assertCleanText } from "./clean-text.js";
import { scopeOf, type Scope } from "../auth/scope.js";
import { isGuardedInStatement, markGuardedInStatement, sessionKeyOf, type SessionKey } from "./statement-guard.js";
import { keepRawBody, wantsRawBody } from "./raw-body.js";
import { isSignedWebhookHandler } from "./signed-webhook.js";

export interface HandlerContext<I, P> {
  input: I;
  params: P;
  /**
   * The session: what it may reach (auth/scope.ts) and all a service reads of the signed-in user;
   * null only on public routes without a session.
   */
  scope: Scope | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

// `params` is an optional property, so R["params"] includes undefined: strip it before testing.
type ParamsOf<R extends RouteDef> =
  NonNullable<R["params"]> extends z.ZodType ? z.output<NonNullable<R["params"]>> : undefined;

type Handler<R extends RouteDef> = (
  ctx: HandlerContext<
    z.output<R["input"]>,
    ParamsOf<R>
  >,
) => Promise<z.input<R["output"]>> | z.input<R["output"]>;

type SignedInHandler<R extends RouteDef> = (
  ctx: HandlerContext<z.output<R["input"]>, ParamsOf<R>> & { scope: Scope },
) => Promise<z.input<R["output"]>> | z.input<R["output"]>;

/** A handler whose own statement checks the session (http/statement-guard.ts): it gets the session's key only. */
export type StatementGuardedHandler<R extends RouteDef> = (
  ctx: HandlerContext<z.output<R["input"]>, ParamsOf<R>> & { scope: null; session: SessionKey },
) => Promise<z.input<R["output"]>>;

/** The handler of a route: a public route may be called without a session, any other never is. */
export type RouteHandler<R extends RouteDef> = R["access"] extends "public" ? Handler<R> : SignedInHandler<R>;

/**
 * Marks a handler as one whose own statement checks the session (http/statement-guard.ts):
 * registerRoute then skips the caller lookup and the guard, and passes the session's key instead
 * of a scope.
 */
export function guardedInStatement<R extends RouteDef>(handler: StatementGuardedHandler<R>): RouteHandler<R> {
  return markGuardedInStatement(handler) as unknown as RouteHandler<R>;
}

/** Every contract route is registered through here: input checked, then the guard, then the handler. */
export function registerRoute<R extends RouteDef>(app: FastifyInstance, def: R, handler: RouteHandler<R>): void {
  const method = def.method;
  const inStatement = def.access !== "public" && isGuardedInStatement(handler);
  app.route({
    method,
    url: def.path,
    // Tells the request context not to look the caller up: the handler's statement checks the session.
    config: { sessionInStatement: inStatement, signedWebhook: isSignedWebhookHandler(handler) },
    // A signature over the body (the payments webhook) needs its bytes: kept for that route only.
    ...(wantsRawBody(handler) ? { preParsing: keepRawBody } : {}),
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    handler: async (req, reply) => {
      // API answers carry personal data: never stored by a browser or proxy, unless the handler
      // sets its own policy (media that is the same for everyone may be cached privately).
      reply.header("cache-control", "no-store");
      // The guard comes first so that a stranger learns nothing from validation messages.
      const caller = req.caller;
      const session = inStatement ? sessionKeyOf(req) : null;
      // No cookie at all is refused before anything is read, as the guard does.
      if (inStatement && !session) throw unauthorized();
      if (def.access !== "public" && !inStatement) {
        if (!caller) throw unauthorized();
        if (def.access !== "signedIn" && !caller.permissions.has(def.access)) throw forbidden();
      }
      // No body reads as {}; a body of JSON null is bad input like any other non-object.
      const raw = method === "GET" ? req.query : req.body === undefined ? {} : req.body;
      const input = parseOrThrow(def.input, raw) as z.output<R["input"]>;
      const params = def.params ? parseOrThrow(def.params, req.params) : undefined;
      // What the route reads (unknown keys are already stripped) must be storable text.
      assertCleanText(input);
      assertCleanText(params);
      const scope = caller ? scopeOf(caller, req.ip) : null;
      const result = await (handler as (ctx: unknown) => unknown)({ input, params: params as never, scope, session, req, reply });
      if (reply.sent) return reply;
      return result;
    },
  });
}
