import { z } from "zod";

/**
 * Input fields with readable 400 messages. zod's defaults ("Invalid input: expected number,
 * received NaN") name neither the field nor what is expected, so settings schemas use these.
 * Candidates for common/ once other areas want them.
 */

const INT4_MAX = 2_147_483_647;

function toWholeNumber(v: number | string): number {
  if (typeof v === "number") return v;
  return /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
}

/** A database id (positive int4), given as a number or a numeric string. */
export function recordId(message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = toWholeNumber(v);
    if (!Number.isInteger(n) || n < 1 || n > INT4_MAX) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
}

/** The id of an edit payload: absent, null, 0 or "" means "create a new record". */
export function optionalRecordId(message: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === 0 || v === "" || v === "0") return undefined;
      const n = toWholeNumber(v);
      if (!Number.isInteger(n) || n < 1 || n > INT4_MAX) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
}

export const PAGE_NUMBER_MESSAGE = "The page must be a whole number of at least 1.";

/** A 1-based page number; absent means the first page. */
export const pageNumber = z
  .union([z.number(), z.string()], { error: PAGE_NUMBER_MESSAGE })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return 1;
    const n = toWholeNumber(v);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      ctx.addIssue({ code: "custom", message: PAGE_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

/** A JSON boolean; "yes", 1 or "true" are refused so that a typo never flips a setting. */
export const flag = (field: string) => z.boolean({ error: `The field ${field} must be true or false.` });
