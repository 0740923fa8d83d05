import { Readable } from "node:stream";
import type { FastifyRequest, preParsingAsyncHookHandler } from "fastify";

/**
 * The raw body of a route that must verify a signature over it (the payments webhook): such a
 * handler is marked with `withRawBody`, and registerRoute then adds, for that route only, a
 * preParsing hook that keeps the bytes before the JSON parser reads them.
 */
const RAW_BODY = Symbol("rawBody");
const MAX_RAW_BYTES = 1024 * 1024;
const kept = new WeakMap<FastifyRequest, Buffer>();

export function withRawBody<F extends object>(handler: F): F {
  Object.defineProperty(handler, RAW_BODY, { value: true });
  return handler;
}

export const wantsRawBody = (handler: object): boolean => (handler as Record<symbol, unknown>)[RAW_BODY] === true;

export const keepRawBody: preParsingAsyncHookHandler = async (req, _reply, payload) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size > MAX_RAW_BYTES) break;
    chunks.push(b);
  }
  const body = Buffer.concat(chunks);
  kept.set(req, body);
  const again = Readable.from([body]) as Readable & { receivedEncodedLength?: number };
  again.receivedEncodedLength = body.length;
  return again;
};

/** The bytes the request's body arrived as (empty when there was none). */
export const rawBodyOf = (req: FastifyRequest): Buffer => kept.get(req) ?? Buffer.alloc(0);
