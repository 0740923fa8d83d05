import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import {
  PAGE_SIZE,
  pageCountOf,
  type CatalogueList,
  type CatalogueTestDetail,
  type CatalogueTestRow,
  type catalogueRoutes,
} from "@parlance/contract";
import type { Db } from "../../db/client.js";
import type { DbContext } from "../../context.js";
import { accountTests, languages, testContentVersions, tests } from "../../db/schema.js";
import { escapeLike } from "../../db/like.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { audit } from "../../audit/audit.js";
import { backOfficeScope, catalogueError, findTest, testColumns, type TestRecord } from "./records.js";

/** The test catalogue of the back office: list, one test, create and change (every change audited). */

/** Each word of the search must be in the name or the content key. */
function searchWhere(query: string): SQL | undefined {
  const words = query.split(/\s+/).filter(Boolean).slice(0, 10);
  return and(...words.map((w) => or(ilike(tests.description, `%${escapeLike(w)}%`), ilike(tests.contentKey, `%${escapeLike(w)}%`))));
}

/** Content versions and accounts that may assign, of the given tests. */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, { versions: number; accounts: number }>> {
  const counts = new Map(ids.map((id) => [id, { versions: 0, accounts: 0 }]));
  if (ids.length === 0) return counts;
  const versions = await db
    .select({ testId: testContentVersions.testId, n: count() })
    .from(testContentVersions)
    .where(inArray(testContentVersions.testId, ids))
    .groupBy(testContentVersions.testId);
  for (const v of versions) counts.get(v.testId)!.versions = v.n;
  const allowed = await db
    .select({ testId: accountTests.testId, n: count() })
    .from(accountTests)
    .where(and(inArray(accountTests.testId, ids), eq(accountTests.isActive, true)))
    .groupBy(accountTests.testId);
  for (const a of allowed) counts.get(a.testId)!.accounts = a.n;
  return counts;
}

function rowOf(r: TestRecord, counts: { versions: number; accounts: number }): CatalogueTestRow {
  return {
    id: r.id,
    description: r.description,
    language: { id: r.languageId, code: r.languageCode, name: r.languageName },
    method: r.method,
    duration_minutes: r.durationMinutes,
    time_limit_minutes: r.timeLimitMinutes,
    test_type: r.testType,
    proctored: r.proctored,
    is_medical: r.isMedical,
    is_active: r.isActive,
    content_key: r.contentKey,
    content_versions: counts.versions,
    accounts: counts.accounts,
  };
}

/** One page of the catalogue by name (case-insensitive), then id. */
export async function listCatalogue({ db }: DbContext, scope: Scope, input: InputOf<typeof catalogueRoutes.list>): Promise<CatalogueList> {
  backOfficeScope(scope);
  const where = and(searchWhere(input.query), input.status === "all" ? undefined : eq(tests.isActive, input.status === "active"));
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(tests).where(where);
  const rows = await db
    .select(testColumns)
    .from(tests)
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .where(where)
    .orderBy(asc(sql`lower(${tests.description})`), asc(tests.id))
    .limit(PAGE_SIZE)
    .offset((input.page - 1) * PAGE_SIZE);
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { tests: rows.map((r) => rowOf(r, counts.get(r.id)!)), itemCount, pageCount: pageCountOf(itemCount) };
}

export async function catalogueLanguages({ db }: DbContext, scope: Scope) {
  backOfficeScope(scope);
  const rows = await db.select({ id: languages.id, code: languages.code, name: languages.name }).from(languages).orderBy(asc(languages.name));
  return { languages: rows };
}

export async function getCatalogueTest({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<CatalogueTestDetail> {
  backOfficeScope(scope);
  const row = await findTest(db, id);
  const counts = (await countsOf(db, [id])).get(id)!;
  return { ...rowOf(row, counts), created_at: row.createdAt.toISOString(), can_change_content_key: counts.versions === 0 };
}

type TestInput = InputOf<typeof catalogueRoutes.edit>;

/** The columns of a test as the form gives them. */
const valuesOf = (input: TestInput) => ({
  description: input.description,
  languageId: input.language_id,
  method: input.method,
  durationMinutes: input.duration_minutes,
  timeLimitMinutes: input.time_limit_minutes,
  testType: input.test_type,
  proctored: input.proctored,
  isMedical: input.is_medical,
  isActive: input.is_active,
  contentKey: input.content_key,
});
type TestValues = ReturnType<typeof valuesOf>;

/** What an edit changed, as the audit log records it: {field: [before, after]}. */
function changesOf(before: TestValues, after: TestValues): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as (keyof TestValues)[]) if (before[key] !== after[key]) changes[key] = [before[key], after[key]];
  return changes;
}

/**
 * Creates (no id) or changes a catalogue test; returns its id. A name is unique within its
 * language (ignoring case), a content key among all tests, and the content key is fixed once
 * content has been published (the versions belong to the file of that key).
 */
export async function saveCatalogueTest({ db }: DbContext, anyScope: Scope, input: TestInput): Promise<number> {
  const scope = backOfficeScope(anyScope);
  const values = valuesOf(input);
  return db.transaction(async (tx) => {
    // Catalogue writes take turns on the language row, so two saves cannot both claim a free name.
    const [language] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, values.languageId)).for("update");
    if (!language) throw catalogueError(400, "badLanguage");
    const before = input.id === undefined ? null : await findTest(tx, input.id, true);
    const others = input.id === undefined ? undefined : ne(tests.id, input.id);
    const [sameName] = await tx
      .select({ id: tests.id })
      .from(tests)
      .where(and(eq(tests.languageId, values.languageId), sql`lower(${tests.description}) = lower(${values.description})`, others))
      .limit(1);
    if (sameName) throw catalogueError(409, "nameTaken");
    if (values.contentKey !== null) {
      const [sameKey] = await tx.select({ id: tests.id }).from(tests).where(and(eq(tests.contentKey, values.contentKey), others)).limit(1);
      if (sameKey) throw catalogueError(409, "contentKeyTaken");
    }

    if (!before) {
      const [created] = await tx.insert(tests).values(values).returning({ id: tests.id });
      await audit({ db: tx }, { actor: scope, action: "backoffice.tests.create", targetType: "test", targetId: created.id, details: { ...values } });
      return created.id;
    }
    if (before.contentKey !== values.contentKey) {
      const [version] = await tx.select({ id: testContentVersions.id }).from(testContentVersions).where(eq(testContentVersions.testId, before.id)).limit(1);
      if (version) throw catalogueError(422, "contentKeyFixed");
    }
    const changes = changesOf(
      {
        description: before.description,
        languageId: before.languageId,
        method: before.method,
        durationMinutes: before.durationMinutes as TestValues["durationMinutes"],
        timeLimitMinutes: before.timeLimitMinutes,
        testType: before.testType,
        proctored: before.proctored,
        isMedical: before.isMedical,
        isActive: before.isActive,
        contentKey: before.contentKey,
      },
      values,
    );
    if (Object.keys(changes).length === 0) return before.id;
    await tx.update(tests).set(values).where(eq(tests.id, before.id));
    await audit({ db: tx }, { actor: scope, action: "backoffice.tests.edit", targetType: "test", targetId: before.id, details: { changes } });
    return before.id;
  });
}
