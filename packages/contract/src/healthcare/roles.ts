import { z } from "zod";
import { defineRoute } from "../route.js";

/**
 * Health care roles and their specialties (client spec §2, §3: Health care role = id, name,
 * specialties). Candidates of accounts with the medical option carry one role and, when the role
 * has specialties, one specialty.
 */
export const healthcareSpecialty = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type HealthcareSpecialty = z.infer<typeof healthcareSpecialty>;

export const healthcareRole = z.object({
  id: z.number().int(),
  name: z.string(),
  /** In the catalogue's order; empty when the role has none. */
  specialties: z.array(healthcareSpecialty),
});
export type HealthcareRole = z.infer<typeof healthcareRole>;

/** The spec's texts of the health care roles page (§2, §8). */
export const healthcareMessages = {
  empty: "No health care roles available.",
  loadFailure: "Failed to load health care roles.",
  tryAgain: "Please try again later.",
} as const;

export const healthcareRoutes = {
  getRoles: defineRoute({
    method: "GET",
    path: "/api/healthcare_roles/get_roles",
    input: z.object({}),
    output: z.object({ roles: z.array(healthcareRole) }),
    access: "candidates",
    failure: "healthcareRolesFailure",
    summary: "Health care roles with their specialties, in catalogue order (empty for accounts without the medical option)",
  }),
} as const;
