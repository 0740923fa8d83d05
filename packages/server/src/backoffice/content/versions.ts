import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { PAGE_SIZE, RESPONSE_KINDS, pageCountOf, type ContentFileMessage, type ContentVersions, type backofficeContentRoutes } from "@parlance/contract";
import type { DbContext } from "../../context.js";
import { candidateTests, testContentVersions } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { backOfficeScope, findTest } from "../catalogue/records.js";
import { ourMessage } from "./messages.js";

const responseKinds = sql.raw(`ARRAY[${RESPONSE_KINDS.map((k) => `'${k}'`).join(",")}]::text[]`);

/** A test's content versions, newest (what new attempts start on) first, with the attempts that keep each. */
export async function contentVersions(
  { db }: DbContext,
  scope: Scope,
  { id }: { id: number },
  { page }: InputOf<typeof backofficeContentRoutes.versions>,
): Promise<ContentVersions> {
  backOfficeScope(scope);
  const test = await findTest(db, id);
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(testContentVersions).where(eq(testContentVersions.testId, id));
  // The summary is read inside the database: a page never carries whole contents to the server.
  const rows = await db
    .select({
      id: testContentVersions.id,
      importedAt: testContentVersions.importedAt,
      hash: testContentVersions.contentHash,
      description: sql<string>`${testContentVersions.content}->>'description'`,
      testType: sql<string>`${testContentVersions.content}->>'test_type_short_name'`,
      timeLimit: sql<number | null>`(${testContentVersions.content}->>'time_limit_minutes')::int`,
      sections: sql<number>`jsonb_array_length(${testContentVersions.content}->'sections')`,
      questions: sql<number>`(select count(*)::int from jsonb_array_elements(${testContentVersions.content}->'sections') s, jsonb_array_elements(s->'items') i where i->>'kind' = any(${responseKinds}))`,
      media: sql<number>`jsonb_array_length(${testContentVersions.media})`,
    })
    .from(testContentVersions)
    .where(eq(testContentVersions.testId, id))
    .orderBy(desc(testContentVersions.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const attempts = ids.length
    ? await db
        .select({
          versionId: candidateTests.contentVersionId,
          n: count(),
          inProgress: sql<number>`count(*) filter (where ${candidateTests.state} = 'in_progress')::int`,
        })
        .from(candidateTests)
        .where(inArray(candidateTests.contentVersionId, ids))
        .groupBy(candidateTests.contentVersionId)
    : [];
  const byVersion = new Map(attempts.map((a) => [a.versionId, a]));

  const warnings: ContentFileMessage[] = [];
  if (!test.isActive) warnings.push(ourMessage("warning", "retired"));
  const current = page === 1 ? rows[0] : undefined;
  if (current) {
    // The importer made them agree; a later change of the test can part them.
    if (current.testType !== test.testType) warnings.push(ourMessage("warning", "typeDiffers"));
    if ((current.timeLimit ?? null) !== test.timeLimitMinutes) warnings.push(ourMessage("warning", "timeLimitDiffers"));
  }
  return {
    content_key: test.contentKey,
    versions: rows.map((r, i) => ({
      id: r.id,
      number: itemCount - ((page - 1) * PAGE_SIZE + i),
      imported_at: r.importedAt.toISOString(),
      hash: r.hash.slice(0, 12),
      description: r.description,
      sections: Number(r.sections),
      questions: Number(r.questions),
      media: Number(r.media),
      attempts: byVersion.get(r.id)?.n ?? 0,
      in_progress: Number(byVersion.get(r.id)?.inProgress ?? 0),
      is_current: page === 1 && i === 0,
    })),
    itemCount,
    pageCount: pageCountOf(itemCount),
    warnings,
  };
}
