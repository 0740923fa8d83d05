import { z } from "zod";
import { defineRoute } from "../route.js";

export const proctorSettings = z.object({
  usesProctorService: z.boolean(),
  allowCandidateScheduling: z.boolean(),
  minProctorApptDelay: z.union([z.literal(0), z.literal(1)]),
});
export type ProctorSettings = z.infer<typeof proctorSettings>;

/** minProctorApptDelay is 0 (anytime) or 1 (one hour ahead); anything unparsable reads as 1. */
export function parseMinProctorApptDelay(value: unknown): 0 | 1 {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return n === 0 ? 0 : 1;
}

export const proctorServiceRoutes = {
  get: defineRoute({
    method: "GET",
    path: "/api/proctorservice/settings",
    input: z.object({}),
    output: proctorSettings,
    access: "proctorSettings",
    summary: "The account's proctor service settings",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/proctorservice/edit",
    input: z.object({
      usesProctorService: z.boolean({ error: "usesProctorService must be true or false." }),
      allowCandidateScheduling: z.boolean({ error: "allowCandidateScheduling must be true or false." }),
      minProctorApptDelay: z.unknown().transform(parseMinProctorApptDelay),
    }),
    output: z.object({ success: z.boolean(), message: z.string().optional() }),
    access: "proctorSettings",
    summary: "Save the account's proctor service settings",
  }),
} as const;
