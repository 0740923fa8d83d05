import { eq } from "drizzle-orm";
import { altaLevelOf, normalizeVerificationKey, timeZoneById, verifiedPagePath, verifyMessages, type VerifiedResult, type verifyRoutes } from "@parlance/contract";
import type { z } from "zod";
import type { DbContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { InputOf } from "../../http/implement-area.js";
import { assignedTests, candidates, candidateTests, tests } from "../../db/schema.js";
import { HttpError } from "../../http/errors.js";
import { limitedTry, type RateRule } from "../../auth/rate-limit.js";

/**
 * Verification by key: anyone may confirm a printed result. Keys carry 100 random bits, and
 * failed tries are limited per client address (20 in 15 minutes, counted in PostgreSQL so every
 * server process shares them), so keys cannot be guessed by trying.
 */

export const VERIFY_LIMIT = 20;
const FIFTEEN_MINUTES = 15 * 60_000;
const ruleFor = (ip: string): RateRule => ({ bucket: `verify:ip:${ip}`, limit: VERIFY_LIMIT, windowMs: FIFTEEN_MINUTES });

const fail = (status: number, name: keyof typeof verifyMessages) => new HttpError(status, verifyMessages[name], `resultVerify.messages.${name}`);

/** The scored result behind a key, or an error; a malformed or unknown key counts as a failed try. */
export async function findByKey(db: Db, ip: string, raw: string) {
  // Counted before the lookup and taken back when a result is found, so only failures count.
  return limitedTry(db, [ruleFor(ip)], () => fail(429, "tooMany"), async () => {
    const key = normalizeVerificationKey(raw);
    if (key === null) return { ok: false as const, error: fail(400, "malformed") };
    const [row] = await db
      .select({
        key: candidateTests.verificationKey,
        firstName: candidates.firstName,
        middleName: candidates.middleName,
        lastName: candidates.lastName,
        timeZoneId: candidates.timeZoneId,
        test: tests.description,
        resultState: candidateTests.resultState,
        resultValue: candidateTests.resultValue,
        takenAt: candidateTests.receivedAt,
        startedAt: candidateTests.startedAt,
        scoredAt: candidateTests.scoredAt,
      })
      .from(candidateTests)
      .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
      .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
      .innerJoin(tests, eq(tests.id, assignedTests.testId))
      .where(eq(candidateTests.verificationKey, key))
      .limit(1);
    // Only a scored result has a level to confirm.
    if (!row || row.resultState !== "scored" || !row.resultValue) return { ok: false as const, error: fail(404, "noMatch") };
    return { ok: true as const, value: { ...row, key } };
  });
}

/**
 * Public routes: nobody need be signed in, so instead of a scope they take the client's address,
 * by which failed tries are counted.
 */
type Visitor = { ip: string };

/** POST /api/test_results/verify: the link to the key's public page. */
export async function verifyKey({ db }: DbContext, { ip }: Visitor, input: InputOf<typeof verifyRoutes.verify>): Promise<{ link: string }> {
  const found = await findByKey(db, ip, input.verification_key);
  return { link: verifiedPagePath(found.key) };
}

/** GET /api/test_results/verified/:key: just enough to confirm the result, nothing else. */
export async function verifiedResult({ db }: DbContext, { ip }: Visitor, { key }: z.output<NonNullable<typeof verifyRoutes.verified.params>>): Promise<VerifiedResult> {
  const r = await findByKey(db, ip, key);
  const at = r.takenAt ?? r.startedAt ?? r.scoredAt ?? new Date();
  const zone = timeZoneById(r.timeZoneId).name;
  const level = altaLevelOf(r.resultValue);
  return {
    verificationKey: r.key,
    candidateName: [r.firstName, r.middleName, r.lastName].filter((p) => p.trim() !== "").join(" "),
    test: r.test,
    testDate: new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at),
    level: r.resultValue ?? "",
    cefr: level?.cefr ?? null,
    ilr: level?.ilr ?? null,
    actfl: level?.actfl ?? null,
  };
}
