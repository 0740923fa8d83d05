import { asc, eq, inArray } from "drizzle-orm";
import type { HealthcareRole } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { accounts, healthcareRoles, healthcareSpecialties } from "../db/schema.js";
import type { DbContext } from "../context.js";
import { clientScope, type Scope } from "../auth/scope.js";

/**
 * The health care roles with their specialties, in catalogue order. Roles belong to the medical
 * option (client spec §5: the fields appear only for accounts with it), so a client account
 * without the option gets none and its screen shows 'No health care roles available.'.
 */
export async function listHealthcareRoles({ db }: DbContext, scope: Scope): Promise<HealthcareRole[]> {
  const [account] = await db.select({ medicalOption: accounts.medicalOption }).from(accounts).where(eq(accounts.id, clientScope(scope).accountId)).limit(1);
  if (!account?.medicalOption) return [];
  return allHealthcareRoles(db);
}

/** Every role and its specialties (two queries, whatever the number of roles). */
export async function allHealthcareRoles(db: Db): Promise<HealthcareRole[]> {
  const roles = await db
    .select({ id: healthcareRoles.id, name: healthcareRoles.name })
    .from(healthcareRoles)
    .orderBy(asc(healthcareRoles.position), asc(healthcareRoles.id));
  if (roles.length === 0) return [];
  const specialties = await db
    .select({ id: healthcareSpecialties.id, roleId: healthcareSpecialties.roleId, name: healthcareSpecialties.name })
    .from(healthcareSpecialties)
    .where(
      inArray(
        healthcareSpecialties.roleId,
        roles.map((r) => r.id),
      ),
    )
    .orderBy(asc(healthcareSpecialties.id));
  const byRole = new Map<number, HealthcareRole>(roles.map((r) => [r.id, { id: r.id, name: r.name, specialties: [] }]));
  for (const s of specialties) byRole.get(s.roleId)?.specialties.push({ id: s.id, name: s.name });
  return [...byRole.values()];
}
