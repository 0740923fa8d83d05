import { count } from "drizzle-orm";
import { healthcareRoles, healthcareSpecialties, languages } from "./schema.js";
import type { Db } from "./tx.js";

/**
 * Reference data every database holds, the demo world or not: the catalogue's languages (the test
 * form's and the evaluator profile's choices; 140, 104 and 106 are the specs' candidate language
 * ids). No screen edits them, so a production database, which never gets the demo world, has them
 * from here: inserted after the migrations on every start, missing rows only.
 */
export const CATALOGUE_LANGUAGES = [
  { id: 140, code: "en", name: "English" },
  { id: 104, code: "zh-Hans", name: "Chinese (Simplified)" },
  { id: 106, code: "zh-Hant", name: "Chinese (Traditional)" },
  { id: 100, code: "cmn", name: "Mandarin" },
  { id: 150, code: "es", name: "Spanish" },
  { id: 10, code: "ar", name: "Arabic" },
  { id: 160, code: "vi", name: "Vietnamese" },
  { id: 50, code: "fr", name: "French" },
] as const;

/**
 * Health care roles and their specialties, in the order the candidate form lists them: a candidate
 * of an account with the medical option needs a role (client-administration.md), so an account
 * with the option could add no candidate without them.
 */
export const HEALTHCARE_ROLES: readonly { name: string; specialties: readonly string[] }[] = [
  { name: "Physician", specialties: ["Cardiology", "Emergency Medicine", "Family Medicine", "Pediatrics"] },
  { name: "Nurse", specialties: ["Registered Nurse", "Nurse Practitioner", "Licensed Practical Nurse"] },
  { name: "Medical Assistant", specialties: ["Clinical", "Administrative"] },
  { name: "Pharmacist", specialties: ["Hospital Pharmacy", "Retail Pharmacy"] },
  { name: "Patient Services Representative", specialties: [] },
];

/**
 * Adds the reference rows a database lacks (never changes or removes one): languages by id, and the
 * health care roles when the table is still empty (their ids are serial, so a table that has any
 * is left as it is).
 */
export async function insertReferenceData(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values(CATALOGUE_LANGUAGES.map((l) => ({ ...l })))
    .onConflictDoNothing({ target: languages.id });
  await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(healthcareRoles);
    if (n > 0) return;
    for (const [position, role] of HEALTHCARE_ROLES.entries()) {
      const [row] = await tx.insert(healthcareRoles).values({ name: role.name, position }).returning({ id: healthcareRoles.id });
      if (role.specialties.length > 0) await tx.insert(healthcareSpecialties).values(role.specialties.map((name) => ({ roleId: row.id, name })));
    }
  });
}
