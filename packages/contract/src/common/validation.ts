import type { z } from "zod";
import { specMessages } from "./errors.js";

/**
 * What a 400 says when a schema gives no message of its own for a problem: the contract's words,
 * never zod's defaults ("Too big: expected string to have <=200 characters"). `{{field}}` is the
 * field's API name; the web translates them by key (`errors.validation.<key>`).
 */
export const validationMessages = {
  tooLong: "{{field}} is too long: at most {{maximum}} characters.",
  tooShort: "{{field}} is too short: at least {{minimum}} characters.",
  tooLarge: "{{field}} must be at most {{maximum}}.",
  notBelow: "{{field}} must be less than {{maximum}}.",
  tooSmall: "{{field}} must be at least {{minimum}}.",
  notAbove: "{{field}} must be greater than {{minimum}}.",
  tooMany: "{{field}} has too many entries: at most {{maximum}}.",
  tooFew: "{{field}} needs at least {{minimum}} entries.",
  unknownField: "{{field}} is not a field of this request.",
  invalid: "{{field}} is not valid.",
} as const;
export type ValidationKey = keyof typeof validationMessages;

/** A problem in the contract's words: the English text, its i18n key and the placeholders' values. */
export interface ValidationText {
  message: string;
  messageKey: string;
  messageValues: Record<string, string | number>;
}

const MARK = "\u0000contract:";

/**
 * zod's error map for a parse (`schema.safeParse(v, { error: contractErrorMap })`): called only where
 * the schema says nothing itself; it marks the issue, and `contractIssueText` words it from the
 * finished issue (which carries the full path and the limits).
 */
export const contractErrorMap = (issue: z.core.$ZodRawIssue): string => {
  const missing = issue.code === "invalid_type" && issue.input === undefined;
  return `${MARK}${missing ? "required" : issue.code}`;
};

const isCount = (origin: unknown) => origin === "array" || origin === "set" || origin === "map" || origin === "file";

function keyOf(code: string, issue: z.core.$ZodIssue): ValidationKey | "required" {
  const limits = issue as { origin?: string; inclusive?: boolean; minimum?: unknown; maximum?: unknown };
  if (code === "required") return "required";
  if (code === "unrecognized_keys") return "unknownField";
  if (code === "too_big") {
    if (limits.origin === "string") return "tooLong";
    if (isCount(limits.origin)) return "tooMany";
    return limits.inclusive === false ? "notBelow" : "tooLarge";
  }
  if (code === "too_small") {
    if (limits.origin === "string") return Number(limits.minimum) <= 1 ? "required" : "tooShort";
    if (isCount(limits.origin)) return "tooFew";
    return limits.inclusive === false ? "notAbove" : "tooSmall";
  }
  return "invalid";
}

const limitText = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === "bigint" ? value.toString() : value);

/** The contract's text of a finished issue, or null when its message is the schema's own. */
export function contractIssueText(issue: z.core.$ZodIssue): ValidationText | null {
  if (!issue.message.startsWith(MARK)) return null;
  const key = keyOf(issue.message.slice(MARK.length), issue);
  if (key === "required") return { message: specMessages.requiredFieldMissing, messageKey: "specMessages.requiredFieldMissing", messageValues: {} };
  const limits = issue as { minimum?: unknown; maximum?: unknown; keys?: string[] };
  const path = issue.path.map(String).join(".");
  const field = key === "unknownField" ? [path, limits.keys?.[0]].filter(Boolean).join(".") : path || "request";
  const values: Record<string, string | number> = { field };
  for (const name of ["minimum", "maximum"] as const) {
    const v = limitText(limits[name]);
    if (typeof v === "number" || typeof v === "string") values[name] = v;
  }
  const message = validationMessages[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  return { message, messageKey: `errors.validation.${key}`, messageValues: values };
}
