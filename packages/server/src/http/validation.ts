import type { z } from "zod";
import { contractErrorMap, contractIssueText, parseSearchQuery, type SearchQuery } from "@parlance/contract";
import { badRequest, HttpError } from "./errors.js";

export class ValidationError extends HttpError {
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
    messageKey?: string,
    messageValues?: Record<string, string | number>,
  ) {
    super(400, message, messageKey, messageValues);
  }
}

/**
 * Parses with zod; on failure a 400 whose message is the first problem, readable as is: the
 * schema's own message, or the contract's words for what the schema leaves to zod (never zod's
 * defaults), with its i18n key.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: contractErrorMap });
  if (result.success) return result.data;
  const texts = result.error.issues.map((i) => ({ path: i.path.join("."), text: contractIssueText(i), message: i.message }));
  const issues = texts.map(({ path, text, message }) => ({ path, message: text?.message ?? message }));
  const first = texts[0];
  if (!first) throw badRequest("The request is not valid.");
  if (first.text) throw new ValidationError(first.text.message, issues, first.text.messageKey, first.text.messageValues);
  const message = /^[A-Z]/.test(first.message) ? first.message : `${first.path || "request"}: ${first.message}`;
  throw new ValidationError(message, issues);
}

/** A search in the query language (candidates and test history), parsed; 400 with the parser's own message. */
export function parsedSearchQuery(text: string): SearchQuery {
  const parsed = parseSearchQuery(text);
  // With its key and values, so the screen says it in the reader's language (a query can come from a link).
  if (!parsed.ok) throw new HttpError(400, parsed.message, `search.messages.${parsed.key}`, parsed.params);
  return parsed.query;
}
