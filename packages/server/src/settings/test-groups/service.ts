import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  PAGE_SIZE,
  pageCountOf,
  testGroupMessages,
  type AccountTestOption,
  type TestGroupDetail,
  type TestGroupList,
  type TestGroupMessage,
  type TestGroupRow,
} from "@parlance/contract";
import { accountTests, testGroups, testGroupTests, tests } from "../../db/schema.js";
import type { DbContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { inAccount, type ClientScope, type Scope } from "../../auth/scope.js";
import { forbidden, HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import { canChangeLevel, canSeeRecord, listReachOf, resolveLevel, type ListReach } from "../lists/scope.js";

/** An error whose text is one of the test group messages, sent with its i18n key. */
const groupError = (status: number, name: TestGroupMessage) =>
  new HttpError(status, testGroupMessages[name], `settingsLists.packages.messages.${name}`);

/**
 * The groups of one list: the account level's own, or an office's own plus the account's global
 * (account-level) groups, which every office may use.
 */
function listWhere(reach: Pick<ClientScope, "accountId">, level: number | null): SQL {
  const account = inAccount(reach, testGroups);
  if (level === null) return and(account, isNull(testGroups.officeId))!;
  return and(account, or(eq(testGroups.officeId, level), and(isNull(testGroups.officeId), eq(testGroups.isGlobal, true))))!;
}

/** The account's tests that a group may hold: active ones, plus `alsoIds` (kept even if since retired). */
async function accountTestOptions(db: Tx, reach: Pick<ClientScope, "accountId">, alsoIds: number[] = []): Promise<AccountTestOption[]> {
  const active = eq(accountTests.isActive, true);
  return db
    .select({ id: accountTests.id, description: tests.description })
    .from(accountTests)
    .innerJoin(tests, eq(tests.id, accountTests.testId))
    .where(and(inAccount(reach, accountTests), alsoIds.length > 0 ? or(active, inArray(accountTests.id, alsoIds)) : active))
    .orderBy(asc(sql`lower(${tests.description})`), asc(accountTests.id));
}

/** The tests of the given groups, in each group's order. */
async function testsOfGroups(db: Tx, groupIds: number[]): Promise<Map<number, AccountTestOption[]>> {
  const byGroup = new Map(groupIds.map((id) => [id, [] as AccountTestOption[]]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({ groupId: testGroupTests.groupId, id: accountTests.id, description: tests.description })
    .from(testGroupTests)
    .innerJoin(accountTests, eq(accountTests.id, testGroupTests.accountTestId))
    .innerJoin(tests, eq(tests.id, accountTests.testId))
    .where(inArray(testGroupTests.groupId, groupIds))
    .orderBy(asc(testGroupTests.groupId), asc(testGroupTests.position), asc(accountTests.id));
  for (const r of rows) byGroup.get(r.groupId)!.push({ id: r.id, description: r.description });
  return byGroup;
}

const columns = {
  id: testGroups.id,
  description: testGroups.description,
  isGlobal: testGroups.isGlobal,
  officeId: testGroups.officeId,
};
type GroupRecord = { id: number; description: string; isGlobal: boolean; officeId: number | null };

function rowOf(g: GroupRecord, groupTests: AccountTestOption[], reach: ListReach): TestGroupRow {
  return {
    id: g.id,
    description: g.description,
    tests: groupTests.map((t) => t.id),
    accountTests: groupTests,
    isGlobal: g.isGlobal,
    officeId: g.officeId,
    canEdit: canChangeLevel(reach, g.officeId),
  };
}

/** One page of a level's test groups by description, with the account's tests to choose from. */
export async function listTestGroups({ db }: DbContext, scope: Scope, { officeId, page }: { officeId?: number; page: number }): Promise<TestGroupList> {
  const level = await resolveLevel(db, scope, officeId);
  const where = listWhere(level, level.level);
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(testGroups).where(where);
  const rows = await db
    .select(columns)
    .from(testGroups)
    .where(where)
    .orderBy(asc(sql`lower(${testGroups.description})`), asc(testGroups.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const groupTests = await testsOfGroups(
    db,
    rows.map((g) => g.id),
  );
  return {
    groups: rows.map((g) => rowOf(g, groupTests.get(g.id)!, level)),
    itemCount,
    pageCount: pageCountOf(itemCount),
    accountTests: await accountTestOptions(db, level),
    canSetGlobal: level.canSetGlobal && level.level === null,
  };
}

/** A group the scope may see (404 otherwise, exactly like a missing one). */
async function findGroup(db: Tx, reach: ListReach, id: number, lock = false): Promise<GroupRecord> {
  const query = db
    .select(columns)
    .from(testGroups)
    .where(and(eq(testGroups.id, id), inAccount(reach, testGroups)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || !canSeeRecord(reach, row)) throw groupError(404, "notFound");
  return row;
}

/** A group the scope may change: seen (404) and at a level they manage (403 for a global account group). */
async function findChangeableGroup(db: Tx, reach: ListReach, id: number): Promise<GroupRecord> {
  const group = await findGroup(db, reach, id, true);
  if (!canChangeLevel(reach, group.officeId)) throw groupError(403, "globalReadOnly");
  return group;
}

export async function getTestGroup({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<TestGroupDetail> {
  const reach = listReachOf(scope);
  const group = await findGroup(db, reach, id);
  const groupTests = (await testsOfGroups(db, [id])).get(id)!;
  return {
    ...rowOf(group, groupTests, reach),
    availableTests: await accountTestOptions(
      db,
      reach,
      groupTests.map((t) => t.id),
    ),
    canSetGlobal: reach.canSetGlobal && group.officeId === null,
  };
}

export interface TestGroupChanges {
  id?: number;
  officeId?: number;
  /** Trimmed and length-checked by the contract. */
  description: string;
  isGlobal?: boolean;
  /** Account test ids, at least one, without repeats. */
  tests: number[];
}

/** Creates (no id) or updates a test group at a level; returns its id. */
export async function saveTestGroup({ db }: DbContext, scope: Scope, changes: TestGroupChanges): Promise<number> {
  if (changes.isGlobal === true && !scope.permissions.has("setGlobal")) throw forbidden();
  return db.transaction(async (tx) => {
    const level = await resolveLevel(tx, scope, changes.officeId);
    if (changes.isGlobal === true && level.level !== null) throw groupError(400, "globalOnlyAtAccountLevel");
    let kept: number[] = [];
    if (changes.id !== undefined) {
      const group = await findChangeableGroup(tx, level, changes.id);
      // Found only at the level the form belongs to: groups do not move between levels.
      if (group.officeId !== level.level) throw groupError(404, "notFound");
      kept = (await testsOfGroups(tx, [group.id])).get(group.id)!.map((t) => t.id);
    }
    // Tests of this account only: active ones, or ones the group already held.
    const allowed = new Set((await accountTestOptions(tx, level, kept)).map((t) => t.id));
    if (changes.tests.some((id) => !allowed.has(id))) throw groupError(400, "unknownTest");

    let id: number;
    if (changes.id === undefined) {
      const [created] = await tx
        .insert(testGroups)
        .values({ accountId: level.accountId, officeId: level.level, description: changes.description, isGlobal: changes.isGlobal ?? false })
        .returning({ id: testGroups.id });
      id = created.id;
    } else {
      id = changes.id;
      await tx
        .update(testGroups)
        .set({ description: changes.description, ...(changes.isGlobal === undefined ? {} : { isGlobal: changes.isGlobal }) })
        .where(eq(testGroups.id, id));
      await tx.delete(testGroupTests).where(eq(testGroupTests.groupId, id));
    }
    await tx.insert(testGroupTests).values(changes.tests.map((accountTestId, position) => ({ groupId: id, accountTestId, position })));
    return id;
  });
}

/** Deletes a test group and records who did it. Batteries assigned from it keep their tests. */
export async function deleteTestGroup({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<void> {
  const reach = listReachOf(scope);
  await db.transaction(async (tx) => {
    const group = await findChangeableGroup(tx, reach, id);
    await tx.delete(testGroups).where(eq(testGroups.id, id));
    await audit(
      { db: tx },
      {
        actor: scope,
        action: "testpackages.delete",
        targetType: "test_group",
        targetId: id,
        details: { description: group.description, officeId: group.officeId, isGlobal: group.isGlobal },
      },
    );
  });
}
