import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { CompactSign } from "jose";
import { credentialPaths, didWebOf, STATUS_LIST_BITS, timeZoneById } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { assignedTests, candidates, candidateTests, issuedCredentials, languages, tests } from "../../db/schema.js";
import { signingKey } from "./keys.js";
import { buildCredential } from "./document.js";
import { forgetStatusLists } from "./status-cache.js";
import { logIssuedOnce, logResult } from "../../result-log/index.js";

/**
 * Issuing and revoking the credential of a result. A result is issued when its score is
 * recorded (results/scoring/submit.ts, in the same transaction); results recorded before
 * credentials existed get theirs the first time a PDF prints them (ensureCredential). Only a
 * scored result has a level to certify. A changed result is issued again and the old credential
 * revoked ('changed'); a withdrawn one is revoked ('revoked').
 */

export type CredentialContext = Pick<AppContext, "config" | "database">;

/** The place of a credential (its row id) in the status lists. */
export function statusPlace(rowId: number): { list: number; index: number } {
  return { list: Math.floor((rowId - 1) / STATUS_LIST_BITS), index: (rowId - 1) % STATUS_LIST_BITS };
}

export const issuerDid = (ctx: CredentialContext) => didWebOf(ctx.config.publicUrl);
export const statusListUrl = (ctx: CredentialContext, list: number) => new URL(credentialPaths.statusList(list), ctx.config.publicUrl).toString();

async function resultFacts(db: Db, candidateTestId: number) {
  const [r] = await db
    .select({
      firstName: candidates.firstName,
      middleName: candidates.middleName,
      lastName: candidates.lastName,
      email: candidates.email,
      timeZoneId: candidates.timeZoneId,
      testId: tests.id,
      test: tests.description,
      languageCode: languages.code,
      languageName: languages.name,
      resultState: candidateTests.resultState,
      resultValue: candidateTests.resultValue,
      receivedAt: candidateTests.receivedAt,
      startedAt: candidateTests.startedAt,
      scoredAt: candidateTests.scoredAt,
      verificationKey: candidateTests.verificationKey,
    })
    .from(candidateTests)
    .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .where(eq(candidateTests.id, candidateTestId));
  return r;
}

export async function signCredential(ctx: CredentialContext, db: Db, payload: Record<string, unknown>): Promise<{ jwt: string; kid: string }> {
  const { kid, key } = await signingKey(ctx, db);
  const jwt = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: "EdDSA", kid: `${issuerDid(ctx)}#${kid}`, typ: "vc+jwt", cty: "vc" })
    .sign(key);
  return { jwt, kid };
}

/** The credential in force of a result, or null. */
export async function currentCredential(db: Db, candidateTestId: number): Promise<string | null> {
  const [row] = await db
    .select({ jwt: issuedCredentials.jwt })
    .from(issuedCredentials)
    .where(and(eq(issuedCredentials.candidateTestId, candidateTestId), isNull(issuedCredentials.revokedAt)))
    .limit(1);
  return row?.jwt ?? null;
}

/**
 * Issues the result's credential (revoking the one in force, if any, as 'changed'); null when the
 * result has no level to certify. `db` may be an open transaction.
 */
export async function issueCredential(ctx: CredentialContext, db: Db, candidateTestId: number, now = new Date()): Promise<string | null> {
  const r = await resultFacts(db, candidateTestId);
  if (!r || r.resultState !== "scored" || !r.resultValue || !r.verificationKey) return null;
  // A credential in force means the result changed since: the log records the change.
  if (await revokeCredentialRow(ctx, db, candidateTestId, "changed", now)) await logResult(db, ctx.config.resultLog, { type: "result.changed", attemptId: candidateTestId, at: now });
  // The row id decides the status list place, which the signed credential names: take it first.
  const [{ id }] = await rowsOf<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('issued_credentials', 'id'))::int as id`);
  const place = statusPlace(id);
  const takenAt = r.receivedAt ?? r.startedAt ?? r.scoredAt ?? now;
  const zone = timeZoneById(r.timeZoneId).name;
  const payload = buildCredential({
    publicUrl: ctx.config.publicUrl,
    issuerDid: issuerDid(ctx),
    issuerName: ctx.config.issuerName,
    candidateName: [r.firstName, r.middleName, r.lastName].filter((p) => p.trim() !== "").join(" "),
    email: r.email,
    testId: r.testId,
    test: r.test,
    languageCode: r.languageCode,
    languageName: r.languageName,
    level: r.resultValue,
    testDate: new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(takenAt),
    issuedAt: now,
    verificationKey: r.verificationKey,
    status: { listUrl: statusListUrl(ctx, place.list), index: place.index },
  });
  const { jwt, kid } = await signCredential(ctx, db, payload);
  const inserted = await db
    .insert(issuedCredentials)
    .values({ id, candidateTestId, credentialId: payload.id as string, kid, jwt, issuedAt: now })
    .onConflictDoNothing()
    .returning({ id: issuedCredentials.id });
  // A result keyed before the log existed is logged with its first credential.
  await logIssuedOnce(db, ctx.config.resultLog, candidateTestId, now);
  // Another process issued it at the same moment: theirs stands.
  return inserted.length ? jwt : await currentCredential(db, candidateTestId);
}

/** The credential in force, issued now when a scored result has none (results recorded before credentials). */
export async function ensureCredential(ctx: CredentialContext, db: Db, candidateTestId: number): Promise<string | null> {
  return (await currentCredential(db, candidateTestId)) ?? (await issueCredential(ctx, db, candidateTestId));
}

async function revokeCredentialRow(ctx: CredentialContext, db: Db, candidateTestId: number, reason: "changed" | "revoked", now: Date): Promise<boolean> {
  const revoked = await db
    .update(issuedCredentials)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(issuedCredentials.candidateTestId, candidateTestId), isNull(issuedCredentials.revokedAt)))
    .returning({ id: issuedCredentials.id });
  if (revoked.length) forgetStatusLists(ctx);
  return revoked.length > 0;
}

/** Withdraws a result's credential: the status list marks it revoked. False when none was in force. */
export async function revokeCredential(ctx: CredentialContext, db: Db, candidateTestId: number, now = new Date()): Promise<boolean> {
  return revokeCredentialRow(ctx, db, candidateTestId, "revoked", now);
}

/** Every credential a result was given, newest first (the provider's record). */
export async function credentialsOf(db: Db, candidateTestId: number) {
  return db.select().from(issuedCredentials).where(eq(issuedCredentials.candidateTestId, candidateTestId)).orderBy(desc(issuedCredentials.id));
}
