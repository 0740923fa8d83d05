import { eq } from "drizzle-orm";
import { accessCodes, assignedTests, candidates, candidateTests } from "../db/schema.js";
import type { TestApp } from "../test/harness.js";

/** Test helpers of the candidates area (used only by *.api.test.ts): rows written straight to the database. */

export const CLIENT_EMAILS = [
  "admin@northwind.example",
  "user@northwind.example",
  "office.admin@northwind.example",
  "office.user@northwind.example",
] as const;
export const ALL_EMAILS = [...CLIENT_EMAILS, "candidate@northwind.example", "admin@contoso.example", "admin@parlance.example"] as const;

export async function signInAll(t: TestApp): Promise<Record<string, string>> {
  const cookies: Record<string, string> = {};
  for (const email of ALL_EMAILS) cookies[email] = await t.signIn(email);
  return cookies;
}

export interface NewCandidate {
  account?: "northwind" | "contoso";
  /** Index into the account's offices; null for none. */
  office?: number | null;
  firstName: string;
  lastName: string;
  middleName?: string;
  employeeId?: string;
  email?: string;
  notes?: string;
  adjustments?: boolean;
  role?: string;
  specialty?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

export async function insertCandidate(t: TestApp, c: NewCandidate): Promise<number> {
  const account = c.account ?? "northwind";
  const office = c.office === undefined ? 0 : c.office;
  const role = c.role ? t.ids.catalogue.healthcareRoles[c.role] : undefined;
  const [row] = await t.ctx.db
    .insert(candidates)
    .values({
      accountId: t.ids.accounts[account],
      officeId: office === null ? null : t.ids.offices[account][office],
      firstName: c.firstName,
      lastName: c.lastName,
      middleName: c.middleName ?? "",
      employeeId: c.employeeId ?? "",
      email: c.email ?? `${c.firstName}.${c.lastName}@example.com`.toLowerCase(),
      clientNotes: c.notes ?? "",
      adjustments: c.adjustments ?? false,
      healthCareRoleId: role?.id ?? null,
      healthCareSpecialtyId: role && c.specialty ? role.specialties[c.specialty] : null,
      ...(c.createdAt ? { createdAt: c.createdAt } : {}),
      ...(c.updatedAt ? { updatedAt: c.updatedAt } : {}),
    })
    .returning({ id: candidates.id });
  return row.id;
}

export interface NewTest {
  /** DEMO_TESTS key, e.g. "en-reading". */
  test: string;
  state?: "takeable" | "needs_scheduling" | "needs_payment" | "expired" | "taken" | "cancelled";
  createdAt?: Date;
  expiresAt?: Date;
  scheduledAt?: Date;
  deleted?: boolean;
  useProctorService?: boolean;
  /** An attempt: in progress, or received and scored with this value. */
  attempt?: { state: "in_progress" | "received"; at?: Date; score?: string };
}

let codeCounter = 0;

export async function insertAssignedTest(t: TestApp, candidateId: number, x: NewTest): Promise<{ id: number; accessCode: string }> {
  const [c] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, candidateId));
  const created = x.createdAt ?? new Date();
  const accessCode = `TEST-${candidateId}-${++codeCounter}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const [row] = await t.ctx.db
    .insert(assignedTests)
    .values({
      accountId: c.accountId,
      officeId: c.officeId,
      candidateId,
      accountTestId: t.ids.catalogue.accountTests[c.accountId][x.test],
      testId: t.ids.catalogue.tests[x.test],
      accessCode,
      state: x.state ?? "takeable",
      expiresAt: x.expiresAt ?? new Date(created.getTime() + 30 * 86_400_000),
      createdAt: created,
      scheduledAt: x.scheduledAt ?? null,
      useProctorService: x.useProctorService ?? false,
      deletedAt: x.deleted ? new Date() : null,
    })
    .returning({ id: assignedTests.id });
  if (c.userId !== null) await t.ctx.db.insert(accessCodes).values({ code: accessCode, userId: c.userId, expiresAt: new Date(Date.now() + 86_400_000) });
  if (x.attempt) {
    const at = x.attempt.at ?? created;
    await t.ctx.db.insert(candidateTests).values({
      assignedTestId: row.id,
      candidateId,
      accountId: c.accountId,
      state: x.attempt.state,
      startedAt: at,
      receivedAt: x.attempt.state === "received" ? at : null,
      resultState: x.attempt.score ? "scored" : null,
      resultValue: x.attempt.score ?? null,
      scoredAt: x.attempt.score ? at : null,
    });
  }
  return { id: row.id, accessCode };
}
