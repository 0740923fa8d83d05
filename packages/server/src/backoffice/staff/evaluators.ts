import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { IANAZone } from "luxon";
import {
  evaluatorProfileMessages,
  PAGE_SIZE,
  pageCountOf,
  Role,
  type backofficeEvaluatorRoutes,
  type EvaluatorProfileList,
  type EvaluatorProfileMessage,
  type EvaluatorProfileOptions,
  type EvaluatorProfileRow,
} from "@parlance/contract";
import type { DbContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { evaluatorLanguages, evaluators, languages, scoringAssignments, users } from "../../db/schema.js";
import { escapeLike } from "../../db/like.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import { backOfficeScope } from "../accounts/service.js";

/**
 * Evaluator profiles in the back office: the languages an evaluator scores, their capacity (routing
 * gives them no more open tests than that: attempts/routing.ts), whether they take new work
 * and their zone. Only a staff user who holds the Evaluator role (12) has one.
 */

const profileError = (status: number, name: EvaluatorProfileMessage) =>
  new HttpError(status, evaluatorProfileMessages[name], `backofficeStaff.evaluatorMessages.${name}`);

const openTests = sql<number>`(select count(*)::int from ${scoringAssignments} where ${scoringAssignments.evaluatorUserId} = ${evaluators.userId} and ${scoringAssignments.completedAt} is null)`;

const profileColumns = {
  id: users.id,
  first: users.firstName,
  last: users.lastName,
  email: users.email,
  isActive: users.isActive,
  acceptsWork: evaluators.acceptsWork,
  capacity: evaluators.maxOpenTests,
  timeZone: evaluators.timeZone,
  openTests,
};
type ProfileRecord = { id: number; first: string; last: string; email: string; isActive: boolean; acceptsWork: boolean; capacity: number | null; timeZone: string; openTests: number };

async function withLanguages(db: Tx, rows: ProfileRecord[]): Promise<EvaluatorProfileRow[]> {
  const langs = rows.length
    ? await db
        .select({ userId: evaluatorLanguages.evaluatorUserId, id: languages.id, name: languages.name })
        .from(evaluatorLanguages)
        .innerJoin(languages, eq(languages.id, evaluatorLanguages.languageId))
        .where(inArray(evaluatorLanguages.evaluatorUserId, rows.map((r) => r.id)))
        .orderBy(asc(languages.name))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first} ${r.last}`.trim(),
    email: r.email,
    isActive: r.isActive,
    acceptsWork: r.acceptsWork,
    capacity: r.capacity,
    openTests: r.openTests,
    timeZone: r.timeZone,
    languages: langs.filter((l) => l.userId === r.id).map((l) => ({ id: l.id, name: l.name })),
  }));
}

export async function listEvaluatorProfiles({ db }: DbContext, scope: Scope, input: InputOf<typeof backofficeEvaluatorRoutes.list>): Promise<EvaluatorProfileList> {
  backOfficeScope(scope);
  const conditions: (SQL | undefined)[] = [isNull(users.accountId)];
  if (input.q) {
    const like = `%${escapeLike(input.q)}%`;
    conditions.push(or(sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`, sql`${users.email} ilike ${like}`));
  }
  if (typeof input.languageId === "number") {
    conditions.push(sql`exists (select 1 from ${evaluatorLanguages} where ${evaluatorLanguages.evaluatorUserId} = ${evaluators.userId} and ${evaluatorLanguages.languageId} = ${input.languageId})`);
  }
  const where = and(...conditions);
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(evaluators).innerJoin(users, eq(users.id, evaluators.userId)).where(where);
  const rows = await db
    .select(profileColumns)
    .from(evaluators)
    .innerJoin(users, eq(users.id, evaluators.userId))
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(PAGE_SIZE)
    .offset((input.page - 1) * PAGE_SIZE);
  return { evaluators: await withLanguages(db, rows), itemCount, pageCount: pageCountOf(itemCount) };
}

export async function evaluatorProfileOptions({ db }: DbContext, scope: Scope): Promise<EvaluatorProfileOptions> {
  backOfficeScope(scope);
  const all = await db.select({ id: languages.id, name: languages.name }).from(languages).orderBy(asc(languages.name), asc(languages.id));
  const without = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .leftJoin(evaluators, eq(evaluators.userId, users.id))
    .where(and(isNull(users.accountId), eq(users.isActive, true), sql`${Role.Evaluator} = any(${users.roles})`, isNull(evaluators.userId)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
  return { languages: all, withoutProfile: without.map((u) => ({ id: u.id, name: `${u.first} ${u.last}`.trim(), email: u.email })) };
}

export async function getEvaluatorProfile({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<EvaluatorProfileRow> {
  backOfficeScope(scope);
  const rows = await db
    .select(profileColumns)
    .from(evaluators)
    .innerJoin(users, eq(users.id, evaluators.userId))
    .where(and(eq(evaluators.userId, id), isNull(users.accountId)));
  if (rows.length === 0) throw profileError(404, "notFound");
  return (await withLanguages(db, rows))[0];
}

/** Creates or replaces the profile of a staff user holding the Evaluator role. */
export async function saveEvaluatorProfile({ db }: DbContext, anyScope: Scope, input: InputOf<typeof backofficeEvaluatorRoutes.save>): Promise<number> {
  const scope = backOfficeScope(anyScope);
  if (!IANAZone.isValidZone(input.timeZone)) throw profileError(400, "timeZoneInvalid");
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, roles: users.roles })
      .from(users)
      .where(and(eq(users.id, input.userId), isNull(users.accountId)))
      .for("update");
    // A client's user, a candidate, or nobody: not a staff user this screen knows.
    if (!user) throw profileError(404, "notFound");
    if (!user.roles.includes(Role.Evaluator)) throw profileError(422, "notEvaluator");
    const known = await tx.select({ id: languages.id }).from(languages).where(inArray(languages.id, input.languageIds));
    if (known.length !== input.languageIds.length) throw profileError(400, "languageUnknown");

    const [before] = await tx.select().from(evaluators).where(eq(evaluators.userId, user.id));
    const beforeLanguages = before
      ? (await tx.select({ id: evaluatorLanguages.languageId }).from(evaluatorLanguages).where(eq(evaluatorLanguages.evaluatorUserId, user.id))).map((l) => l.id).sort((a, b) => a - b)
      : [];
    const values = { timeZone: input.timeZone, acceptsWork: input.acceptsWork, maxOpenTests: input.capacity };
    if (before) await tx.update(evaluators).set(values).where(eq(evaluators.userId, user.id));
    else await tx.insert(evaluators).values({ userId: user.id, ...values });
    await tx.delete(evaluatorLanguages).where(eq(evaluatorLanguages.evaluatorUserId, user.id));
    await tx.insert(evaluatorLanguages).values(input.languageIds.map((languageId) => ({ evaluatorUserId: user.id, languageId })));
    await audit(
      { db: tx },
      {
        actor: scope,
        action: before ? "backoffice.evaluator_update" : "backoffice.evaluator_create",
        targetType: "user",
        targetId: user.id,
        details: {
          languageIds: [...input.languageIds].sort((a, b) => a - b),
          capacity: input.capacity,
          acceptsWork: input.acceptsWork,
          timeZone: input.timeZone,
          ...(before ? { before: { languageIds: beforeLanguages, capacity: before.maxOpenTests, acceptsWork: before.acceptsWork, timeZone: before.timeZone } } : {}),
        },
      },
    );
    return user.id;
  });
}
