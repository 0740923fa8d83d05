import { z } from "zod";

export const id = z.coerce.number({ error: "id must be a number." }).int().positive().max(2_147_483_647);
export const idInput = z.object({ id });
/** An id that is absent, null or 0 when creating a new record. */
export const optionalId = z
  .union([id, z.literal(0), z.null()])
  .optional()
  .transform((v) => (v ? v : undefined));
