import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  CLIENT_ROLES,
  officeMessages,
  officeRoutes,
  PAGE_SIZE,
  pageCountOf,
  type OfficeDetail,
  type OfficeList,
  type OfficeMessage,
  type OfficeRow,
} from "@parlance/contract";
import type { Db } from "../../db/client.js";
import { accounts, assignedTests, candidates, offices, resultRecipients, testGroups, users } from "../../db/schema.js";
import type { DbContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { clientScope, inAccount, officesInScope, type ClientScope, type Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { forbidden, HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";

/** An error whose text is one of the office messages, sent with its i18n key. */
const officeError = (status: number, name: OfficeMessage) =>
  new HttpError(status, officeMessages[name], `offices.messages.${name}`);

/**
 * Which offices a caller reaches: account administrators (manageOffices) every office of their
 * account, and may create and delete them; an office administrator only their own office.
 */
function officeReach(scope: Scope): ClientScope {
  const client = clientScope(scope);
  // Without manageOffices a caller is office-bound; one without an office reaches nothing.
  if (!canManage(client) && client.officeId === null) throw forbidden();
  return client;
}

const canManage = (scope: Scope) => scope.permissions.has("manageOffices");

// Testing users (not candidates, who are users too) make up an office's Users count.
const isTestingUser = sql.raw(`ARRAY[${CLIENT_ROLES.join(",")}]::int[]`);

/**
 * Users and tests counts of the given offices: the office's active testing users (not
 * candidates, who are users too, nor deactivated users), and the tests assigned to its candidates
 * that were not deleted.
 */
async function officeCounts(db: Db, officeIds: number[]): Promise<Map<number, { users: number; tests: number }>> {
  const counts = new Map(officeIds.map((id) => [id, { users: 0, tests: 0 }]));
  if (officeIds.length === 0) return counts;
  const userRows = await db
    .select({ officeId: users.officeId, n: count() })
    .from(users)
    .where(and(inArray(users.officeId, officeIds), eq(users.isActive, true), sql`${users.roles} && ${isTestingUser}`))
    .groupBy(users.officeId);
  for (const row of userRows) counts.get(row.officeId!)!.users = row.n;
  const testRows = await db
    .select({ officeId: assignedTests.officeId, n: count() })
    .from(assignedTests)
    .where(and(inArray(assignedTests.officeId, officeIds), isNull(assignedTests.deletedAt)))
    .groupBy(assignedTests.officeId);
  for (const row of testRows) counts.get(row.officeId!)!.tests = row.n;
  return counts;
}

/**
 * Whether the office has data that must outlive it, so it cannot be deleted: any user row still
 * pointing at it (testing users, deactivated ones and candidates' sign-ins), any candidate (deleted
 * ones keep their tests) and any assigned test. Its own test groups and result recipients are
 * settings and are deleted with it.
 */
export async function officeHasHistory(db: Db, officeId: number): Promise<boolean> {
  // Columns inside sql`` render unqualified here, so each subquery names only its own table.
  const [row] = await db
    .select({
      has: sql<boolean>`(
        exists (select 1 from ${users} where ${users.officeId} = ${officeId})
        or exists (select 1 from ${candidates} where ${candidates.officeId} = ${officeId})
        or exists (select 1 from ${assignedTests} where ${assignedTests.officeId} = ${officeId})
      )`,
    })
    .from(offices)
    .where(eq(offices.id, officeId));
  return row?.has === true;
}

/** One page of offices, ordered by name (case-insensitive), then id. */
export async function listOffices({ db }: DbContext, scope: Scope, { page }: InputOf<typeof officeRoutes.list>): Promise<OfficeList> {
  const where = officesInScope(officeReach(scope));
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(offices).where(where);
  const rows = await db
    .select({ id: offices.id, name: offices.name, isInvoiced: offices.isInvoiced, isClosed: offices.isClosed })
    .from(offices)
    .where(where)
    .orderBy(asc(sql`lower(${offices.name})`), asc(offices.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const counts = await officeCounts(
    db,
    rows.map((r) => r.id),
  );
  const list: OfficeRow[] = rows.map((r) => ({ id: r.id, name: r.name, is_invoiced: r.isInvoiced, is_closed: r.isClosed, ...counts.get(r.id)! }));
  return { offices: list, itemCount, pageCount: pageCountOf(itemCount) };
}

async function findOffice(db: Tx, scope: ClientScope, id: number, lock = false) {
  const query = db
    .select({ id: offices.id, name: offices.name, isInvoiced: offices.isInvoiced, isClosed: offices.isClosed })
    .from(offices)
    .where(and(officesInScope(scope), eq(offices.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  // Another account's office, another office of an office-bound caller, or no office at all.
  if (!row) throw officeError(404, "notFound");
  return row;
}

export async function getOffice({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<OfficeDetail> {
  const row = await findOffice(db, officeReach(scope), id);
  const counts = (await officeCounts(db, [id])).get(id)!;
  const canDelete = canManage(scope) && !(await officeHasHistory(db, id));
  return { id: row.id, name: row.name, is_invoiced: row.isInvoiced, is_closed: row.isClosed, ...counts, canEdit: true, canDelete };
}

/** Creates (no id) or updates an office; returns its id. Names are unique per account, ignoring case. */
export async function saveOffice({ db }: DbContext, anyScope: Scope, input: InputOf<typeof officeRoutes.edit>): Promise<number> {
  const scope = officeReach(anyScope);
  // The name is already trimmed and length-checked by the contract.
  const changes = { id: input.id, name: input.name, isInvoiced: input.is_invoiced };
  if (changes.id === undefined && !canManage(scope)) throw forbidden();
  return db.transaction(async (tx) => {
    // Office writes of one account take turns, so two saves cannot both claim a free name.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, scope.accountId)).for("update");
    if (changes.id !== undefined) await findOffice(tx, scope, changes.id, true);
    const sameName = and(
      inAccount(scope, offices),
      sql`lower(${offices.name}) = lower(${changes.name})`,
      changes.id === undefined ? undefined : ne(offices.id, changes.id),
    );
    const [taken] = await tx.select({ id: offices.id }).from(offices).where(sameName).limit(1);
    if (taken) throw officeError(409, "nameTaken");

    if (changes.id === undefined) {
      const [created] = await tx
        .insert(offices)
        .values({ accountId: scope.accountId, name: changes.name, isInvoiced: changes.isInvoiced ?? false })
        .returning({ id: offices.id });
      return created.id;
    }
    await tx
      .update(offices)
      .set({ name: changes.name, ...(changes.isInvoiced === undefined ? {} : { isInvoiced: changes.isInvoiced }) })
      .where(eq(offices.id, changes.id));
    return changes.id;
  });
}

/** Deletes an office without history, and records who did it. */
export async function deleteOffice({ db }: DbContext, anyScope: Scope, { id }: InputOf<typeof officeRoutes.delete>): Promise<void> {
  const scope = officeReach(anyScope);
  if (!canManage(scope)) throw forbidden();
  await db.transaction(async (tx) => {
    // The row lock makes a user being added to the office at this moment wait, or be refused.
    const office = await findOffice(tx, scope, id, true);
    // 422, not 409: the office is not in a conflicting edit, a business rule forbids the delete.
    if (await officeHasHistory(tx, id)) throw officeError(422, "hasHistory");
    // The office's own test groups and result recipients are settings, not history: they go with it
    // (batteries made from a group keep their description; their group link becomes null).
    const groups = await tx.delete(testGroups).where(eq(testGroups.officeId, id)).returning({ id: testGroups.id });
    const recipients = await tx.delete(resultRecipients).where(eq(resultRecipients.officeId, id)).returning({ id: resultRecipients.id });
    await tx.delete(offices).where(eq(offices.id, id));
    await audit(
      { db: tx },
      { actor: scope, action: "offices.delete", targetType: "office", targetId: id, details: { name: office.name, testGroups: groups.length, resultRecipients: recipients.length } },
    );
  });
}
