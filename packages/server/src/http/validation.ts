import type { z } from "zod";
import { parseSearchQuery, type SearchQuery } from "@parlance/contract";
import { badRequest, HttpError } from "./errors.js";

export class ValidationError extends HttpError {
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(400, message);
  }
}

/** Parses with zod; on failure a 400 whose message is the first problem, readable as is. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  if (!first) throw badRequest("The request is not valid.");
  const message = /^[A-Z]/.test(first.message) ? first.message : `${first.path || "request"}: ${first.message}`;
  throw new ValidationError(message, issues);
}

/** A search in the query language (candidates and test history), parsed; 400 with the parser's own message. */
export function parsedSearchQuery(text: string): SearchQuery {
  const parsed = parseSearchQuery(text);
  if (!parsed.ok) throw new HttpError(400, parsed.message);
  return parsed.query;
}
