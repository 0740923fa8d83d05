import { badRequest } from "./errors.js";

export const UNSAFE_TEXT_MESSAGE = "The request contains characters that are not allowed (a NUL character or a broken surrogate pair).";

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Nesting deeper than any contract payload: refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * PostgreSQL text cannot hold a NUL character, and a lone UTF-16 surrogate cannot be encoded as
 * UTF-8: either would fail inside the database as a 500, after part of the work was done. Every
 * route's validated input and path parameters are checked here, before the handler, so each such
 * request is a clear 400 that changes nothing (a parameter the route does not read is ignored).
 */
export function assertCleanText(value: unknown, depth = 0): void {
  if (typeof value === "string") {
    if (value.includes("\u0000") || LONE_SURROGATE.test(value)) throw badRequest(UNSAFE_TEXT_MESSAGE, "errors.unsafeText");
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (depth > MAX_DEPTH) throw badRequest("The request is nested too deeply.", "errors.tooDeep");
  if (Array.isArray(value)) {
    for (const item of value) assertCleanText(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    assertCleanText(key, depth + 1);
    assertCleanText(item, depth + 1);
  }
}
