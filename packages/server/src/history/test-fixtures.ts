import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { accountTests, assignedTests, candidates, candidateTests } from "../db/schema.js";

/** Rows the API tests of assignment, history and tracks start from (straight into the database). */

let serial = 0;

export async function makeCandidate(
  db: Db,
  c: {
    accountId: number;
    officeId: number | null;
    firstName?: string;
    middleName?: string;
    lastName?: string;
    email?: string;
    employeeId?: string;
    languageId?: number;
    clientNotes?: string;
    healthCareRoleId?: number | null;
  },
): Promise<number> {
  serial += 1;
  const [row] = await db
    .insert(candidates)
    .values({
      accountId: c.accountId,
      officeId: c.officeId,
      firstName: c.firstName ?? `Test${serial}`,
      middleName: c.middleName ?? "",
      lastName: c.lastName ?? "Candidate",
      email: c.email ?? `candidate${serial}.${Date.now()}@example.test`,
      employeeId: c.employeeId ?? `E${serial}`,
      languageId: c.languageId ?? 140,
      clientNotes: c.clientNotes ?? "",
      healthCareRoleId: c.healthCareRoleId ?? null,
    })
    .returning({ id: candidates.id });
  return row.id;
}

/** An assigned test in any state, with an attempt when `attempt` is given. */
export async function makeAssignedTest(
  db: Db,
  t: {
    candidateId: number;
    accountTestId: number;
    state?: (typeof assignedTests.$inferInsert)["state"];
    scheduledAt?: Date | null;
    expiresAt?: Date;
    createdAt?: Date;
    cancellation?: (typeof assignedTests.$inferInsert)["cancellation"];
    attempt?: Partial<typeof candidateTests.$inferInsert> & { state: (typeof candidateTests.$inferInsert)["state"] };
  },
): Promise<number> {
  serial += 1;
  const [c] = await db.select().from(candidates).where(eq(candidates.id, t.candidateId));
  const [at] = await db.select().from(accountTests).where(eq(accountTests.id, t.accountTestId));
  const [row] = await db
    .insert(assignedTests)
    .values({
      accountId: c.accountId,
      officeId: c.officeId,
      candidateId: c.id,
      accountTestId: at.id,
      testId: at.testId,
      accessCode: `FIX-${serial}-${Date.now()}`,
      state: t.state ?? "takeable",
      feeCents: at.feeCents,
      scheduledAt: t.scheduledAt ?? null,
      expiresAt: t.expiresAt ?? new Date(Date.now() + 30 * 24 * 3600_000),
      cancellation: t.cancellation ?? null,
      ...(t.createdAt ? { createdAt: t.createdAt } : {}),
    })
    .returning({ id: assignedTests.id });
  if (t.attempt) {
    await db.insert(candidateTests).values({ assignedTestId: row.id, candidateId: c.id, accountId: c.accountId, ...t.attempt });
  }
  return row.id;
}
