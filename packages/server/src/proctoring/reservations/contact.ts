import { and, eq, inArray, isNull } from "drizzle-orm";
import { reservationMessages, TIME_ZONES, US_REGIONS, type contactDetailsInput, type ProctorContactDetails } from "@parlance/contract";
import type { z } from "zod";
import type { DbContext } from "../../context.js";
import { assignedTests, candidates, tests } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { audit } from "../../audit/audit.js";
import { isCandidateSession } from "../../scheduling/index.js";
import { profileCandidate } from "./held-tests.js";
import { reservationError } from "./errors.js";

/**
 * The Candidate Contact Details page (client-administration.md §2, §3 "Proctor contact details",
 * §5): the phone, address and time zone a proctor needs, edited by the account's staff or by the
 * candidate themselves (editingSelf) before a reservation.
 */
export async function contactDetails({ db }: DbContext, scope: Scope, candidateProfileId: number, assignedTestIds: number[] | undefined): Promise<ProctorContactDetails> {
  const c = await profileCandidate(db, scope, candidateProfileId);
  const [full] = await db.select({ email: candidates.email, useMedical: candidates.healthCareRoleId }).from(candidates).where(eq(candidates.id, c.id));
  const named = assignedTestIds?.length
    ? await db
        .select({ id: assignedTests.id, description: tests.description, medical: assignedTests.useMedicalTestRecommendations })
        .from(assignedTests)
        .innerJoin(tests, eq(tests.id, assignedTests.testId))
        .where(and(eq(assignedTests.candidateId, c.id), inArray(assignedTests.id, assignedTestIds), isNull(assignedTests.deletedAt)))
    : [];
  if (assignedTestIds && named.length !== assignedTestIds.length) throw reservationError(404, "testsNotFound");
  return {
    id: c.id,
    name: `${c.firstName} ${c.lastName}`,
    emailAddress: full.email,
    phoneNumber: c.phoneNumber,
    streetAddress: c.streetAddress,
    city: c.city,
    state: c.state,
    postalCode: c.postalCode,
    timeZone: c.timeZoneId,
    timeZones: TIME_ZONES.map((z) => ({ ...z })),
    regions: US_REGIONS,
    tests: named.map((t) => t.description),
    assignedTests: named.map((t) => t.id),
    editingSelf: isCandidateSession(scope),
    useMedicalTestRecommendations: named.some((t) => t.medical),
  };
}

/** UPDATE CANDIDATE: every contact field is required (checked by the contract); the candidate's other fields are untouched. */
export async function editContactDetails({ db }: DbContext, scope: Scope, input: z.output<typeof contactDetailsInput>) {
  return db.transaction(async (tx) => {
    const c = await profileCandidate(tx, scope, input.id, true);
    const values = {
      phoneNumber: input.phoneNumber,
      streetAddress: input.streetAddress,
      city: input.city,
      state: input.state,
      postalCode: input.postalCode,
      timeZoneId: input.timeZone,
    };
    await tx.update(candidates).set({ ...values, updatedAt: new Date() }).where(eq(candidates.id, c.id));
    await audit({ db: tx }, { actor: scope, accountId: c.accountId, action: "proctoring.contact_details", targetType: "candidate", targetId: c.id, details: { fields: Object.keys(values) } });
    return { success: true, message: reservationMessages.contactSaved, messageKey: "proctorReservation.messages.contactSaved" };
  });
}
