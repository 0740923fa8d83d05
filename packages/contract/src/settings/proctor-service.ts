import { z } from "zod";
import { defineRoute } from "../route.js";
import { flag } from "./fields.js";

/** minProctorApptDelay: 0 means anytime, 1 means one hour in advance. */
export const MIN_PROCTOR_APPT_DELAYS = [0, 1] as const;
export type MinProctorApptDelay = (typeof MIN_PROCTOR_APPT_DELAYS)[number];

export const proctorSettings = z.object({
  usesProctorService: z.boolean(),
  allowCandidateScheduling: z.boolean(),
  minProctorApptDelay: z.union([z.literal(0), z.literal(1)]),
});
export type ProctorSettings = z.infer<typeof proctorSettings>;

/** minProctorApptDelay is 0 (anytime) or 1 (one hour ahead); anything unparsable reads as 1. */
export function parseMinProctorApptDelay(value: unknown): MinProctorApptDelay {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return n === 0 ? 0 : 1;
}

export const proctorServiceMessages = {
  saved: "The proctor service settings have been saved.",
} as const;

export const proctorServiceRoutes = {
  get: defineRoute({
    method: "GET",
    path: "/api/proctorservice/settings",
    input: z.object({}),
    output: proctorSettings,
    access: "proctorSettings",
    failure: "listLoadFailure",
    summary: "The account's proctor service settings",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/proctorservice/edit",
    input: z.object({
      usesProctorService: flag("usesProctorService"),
      allowCandidateScheduling: flag("allowCandidateScheduling"),
      // The spec: defaults to 1 when it cannot be parsed, so this field never fails validation.
      minProctorApptDelay: z.unknown().optional().transform(parseMinProctorApptDelay),
    }),
    output: z.object({ success: z.boolean(), message: z.string().optional() }),
    access: "proctorSettings",
    failure: "proctorSettingsSaveFailure",
    summary: "Save the account's proctor service settings",
  }),
} as const;
