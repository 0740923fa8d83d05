import { z } from "zod";

/** Body of every error answer (400, 401, 403, 404, 409, 422, 429, 500). */
export const apiError = z.object({
  message: z.string(),
  /** i18n key of the message, so the screen can show it in the chosen language. */
  messageKey: z.string().optional(),
  /** Values of the translated message's {{placeholders}} (the message itself has them filled in). */
  messageValues: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** Messages the specs give word for word; the web translates them by key. */
export const specMessages = {
  requiredFieldMissing: "A required field is missing.",
  listLoadFailure: "Some kind of error occurred",
  proctorSettingsSaveFailure: "An error occurred while saving.",
  genericSaveFailure: "An error occurred while saving",
  generic: "An error occurred.",
} as const;
