import { z } from "zod";

export const INT4_MAX = 2_147_483_647;

export const id = z.coerce.number({ error: "id must be a number." }).int().positive().max(INT4_MAX);
export const idInput = z.object({ id });
/** An id that is absent, null or 0 when creating a new record. */
export const optionalId = z
  .union([id, z.literal(0), z.null()])
  .optional()
  .transform((v) => (v ? v : undefined));

/** A positive int4 from a number or a numeric string (path and query values arrive as strings), with the caller's message. */
export const positiveInt = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > INT4_MAX) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
