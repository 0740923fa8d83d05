import { z } from "zod";

export const successOutput = z.object({ success: z.boolean(), message: z.string().optional() });
export const emptyInput = z.object({}).strict();
