import type { z } from "zod";
import type { Permission } from "./auth/permissions.js";
import type { FailureKey } from "./common/errors.js";

/** Who may call a route: `public` (anyone), `signedIn` (any session), or a permission flag. */
export type Access = "public" | "signedIn" | Permission;

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * One API route: the single definition shared by the server (registration, validation, guard)
 * and the web client (typed calls). `input` is the JSON body for POST/PUT/DELETE and the query
 * string for GET; `params` are path parameters.
 */
export interface RouteDef<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  input: I;
  output: O;
  params?: P;
  access: Access;
  /** Short description for the API docs. */
  summary: string;
  /**
   * The spec §8 message the screens show when this route fails without a message of its own (a 5xx,
   * no answer, an unreadable answer, a 4xx without a message): `specMessages[failure]`, translated
   * as `specMessages.<failure>`. Every route has one (failures.unit.test.ts).
   */
  failure?: FailureKey;
  /** The largest body this route takes, in bytes, when more than the app's 1 MiB (a sealed answers file). */
  bodyLimit?: number;
}

export function defineRoute<I extends z.ZodType, O extends z.ZodType, P extends z.ZodType | undefined = undefined>(
  def: RouteDef<I, O, P>,
): RouteDef<I, O, P> {
  return def;
}

export type RouteInput<R> = R extends RouteDef<infer I, z.ZodType, z.ZodType | undefined> ? z.input<I> : never;
/** A route's input as validation leaves it (defaults applied): what a handler, and a sender that fills every field, works with. */
export type RouteParsedInput<R> = R extends RouteDef<infer I, z.ZodType, z.ZodType | undefined> ? z.output<I> : never;
export type RouteOutput<R> = R extends RouteDef<z.ZodType, infer O, z.ZodType | undefined> ? z.output<O> : never;
export type RouteParams<R> =
  R extends RouteDef<z.ZodType, z.ZodType, infer P> ? (P extends z.ZodType ? z.input<P> : undefined) : never;
