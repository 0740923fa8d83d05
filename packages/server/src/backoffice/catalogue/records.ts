import { eq } from "drizzle-orm";
import { catalogueMessages, type CatalogueMessage } from "@parlance/contract";
import { languages, tests } from "../../db/schema.js";
import type { Tx } from "../../db/tx.js";
import type { Scope } from "../../auth/scope.js";
import { forbidden, HttpError } from "../../http/errors.js";

/** An error whose text is one of the catalogue messages, sent with its i18n key. */
export const catalogueError = (status: number, name: CatalogueMessage) =>
  new HttpError(status, catalogueMessages[name], `boCatalogue.messages.${name}`);

/**
 * The back office is the provider's own: the guard has checked backOffice (never a client
 * account's user, permissions.ts); a session that is not staff is refused all the same, so an
 * impersonated client can never reach it whatever its roles say.
 */
export function backOfficeScope(scope: Scope): Scope {
  if (scope.kind !== "staff" || !scope.permissions.has("backOffice")) throw forbidden();
  return scope;
}

export const testColumns = {
  id: tests.id,
  description: tests.description,
  languageId: tests.languageId,
  languageCode: languages.code,
  languageName: languages.name,
  method: tests.method,
  durationMinutes: tests.durationMinutes,
  timeLimitMinutes: tests.timeLimitMinutes,
  testType: tests.testType,
  proctored: tests.proctored,
  isMedical: tests.isMedical,
  isActive: tests.isActive,
  contentKey: tests.contentKey,
  createdAt: tests.createdAt,
};

/** A catalogue test with its language, locked for an update when asked; 404 when there is none. */
export async function findTest(db: Tx, id: number, lock = false) {
  const query = db.select(testColumns).from(tests).innerJoin(languages, eq(languages.id, tests.languageId)).where(eq(tests.id, id));
  const [row] = lock ? await query.for("update", { of: tests }) : await query;
  if (!row) throw catalogueError(404, "notFound");
  return row;
}
export type TestRecord = Awaited<ReturnType<typeof findTest>>;
