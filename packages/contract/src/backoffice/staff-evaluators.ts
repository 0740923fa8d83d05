import { z } from "zod";
import { defineRoute } from "../route.js";
import { flag, pageNumber, recordId } from "../settings/fields.js";
import { staffMessages, staffSearchText, staffUserId } from "./staff.js";

/**
 * The provider's back office, evaluators (issue 17 point 2): the evaluator profile of a staff user
 * who holds the Evaluator role — the languages they score, their capacity (the most open tests
 * routing gives them), whether they take new work, and the zone their due groups are made in.
 */

/** The largest capacity that can be set (open tests at once). */
export const EVALUATOR_CAPACITY_MAX = 500;
export const EVALUATOR_LANGUAGES_MAX = 50;

export const evaluatorProfileMessages = {
  saved: "The evaluator profile has been saved.",
  notEvaluator: "Only a staff user who holds the Evaluator role can have an evaluator profile.",
  languagesRequired: "Choose at least one language the evaluator scores.",
  languageUnknown: "One of the languages is not in the catalogue.",
  tooManyLanguages: `An evaluator scores at most ${EVALUATOR_LANGUAGES_MAX} languages.`,
  capacityInvalid: `The capacity is empty (no limit) or a whole number from 1 to ${EVALUATOR_CAPACITY_MAX}.`,
  timeZoneInvalid: "The time zone must be an IANA zone such as America/New_York.",
  notFound: "That evaluator was not found.",
  badId: staffMessages.badId,
} as const;
export type EvaluatorProfileMessage = keyof typeof evaluatorProfileMessages;

const languageRef = z.object({ id: z.number().int(), name: z.string() });

export const evaluatorProfileRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  acceptsWork: z.boolean(),
  /** Null: no limit. */
  capacity: z.number().int().nullable(),
  /** Tests routed to them and not scored yet. */
  openTests: z.number().int(),
  timeZone: z.string(),
  languages: z.array(languageRef),
});
export type EvaluatorProfileRow = z.infer<typeof evaluatorProfileRow>;

export const evaluatorProfileList = z.object({ evaluators: z.array(evaluatorProfileRow), itemCount: z.number().int(), pageCount: z.number().int() });
export type EvaluatorProfileList = z.infer<typeof evaluatorProfileList>;

export const evaluatorProfileOptions = z.object({
  /** The catalogue's languages, by name. */
  languages: z.array(languageRef),
  /** Active staff users with the Evaluator role and no profile yet. */
  withoutProfile: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});
export type EvaluatorProfileOptions = z.infer<typeof evaluatorProfileOptions>;

export const evaluatorProfileInput = z.object({
  /** The staff user's id. */
  userId: staffUserId,
  languageIds: z
    .array(recordId(evaluatorProfileMessages.languageUnknown), { error: evaluatorProfileMessages.languagesRequired })
    .min(1, evaluatorProfileMessages.languagesRequired)
    .max(EVALUATOR_LANGUAGES_MAX, evaluatorProfileMessages.tooManyLanguages)
    .transform((ids) => [...new Set(ids)]),
  /** Absent, null or "" means no limit. */
  capacity: z
    .union([z.number(), z.string(), z.null()], { error: evaluatorProfileMessages.capacityInvalid })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return null;
      const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > EVALUATOR_CAPACITY_MAX) {
        ctx.addIssue({ code: "custom", message: evaluatorProfileMessages.capacityInvalid });
        return z.NEVER;
      }
      return n;
    }),
  acceptsWork: flag("acceptsWork"),
  timeZone: z.string({ error: evaluatorProfileMessages.timeZoneInvalid }).trim().min(1, evaluatorProfileMessages.timeZoneInvalid).max(64, evaluatorProfileMessages.timeZoneInvalid),
});
export type EvaluatorProfileInput = z.input<typeof evaluatorProfileInput>;

export const backofficeEvaluatorRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/backoffice/evaluators/list",
    input: z.object({
      q: staffSearchText,
      page: pageNumber,
      /** Only evaluators of this language. */
      languageId: z.union([z.number().int().min(1).max(2_147_483_647), z.null()], { error: evaluatorProfileMessages.languageUnknown }).optional(),
    }),
    output: evaluatorProfileList,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "Evaluator profiles, 20 a page by name, with languages, capacity and open tests",
  }),
  options: defineRoute({
    method: "GET",
    path: "/api/backoffice/evaluators/options",
    input: z.object({}),
    output: evaluatorProfileOptions,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "What the evaluator form chooses from: the languages, and the Evaluator role's holders without a profile",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/backoffice/evaluators/:id",
    params: z.object({ id: staffUserId }),
    input: z.object({}),
    output: evaluatorProfileRow,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "One evaluator profile (by the staff user's id)",
  }),
  save: defineRoute({
    method: "POST",
    path: "/api/backoffice/evaluators/save",
    input: evaluatorProfileInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Create or update the evaluator profile of a staff user who holds the Evaluator role",
  }),
} as const;
