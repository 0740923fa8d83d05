import { and, arrayContains, asc, eq, ilike, notInArray, sql } from "drizzle-orm";
import type { AccountTestRow, catalogueRoutes } from "@parlance/contract";
import type { DbContext } from "../../context.js";
import { accounts, accountTests } from "../../db/schema.js";
import { escapeLike } from "../../db/like.js";
import type { Tx } from "../../db/tx.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { audit } from "../../audit/audit.js";
import { backOfficeScope, catalogueError, findTest } from "./records.js";

/**
 * Which client accounts may assign a test, at which prices in cents (account_tests): what the
 * client's assignment screens offer (assignment/records.ts activeAccountTests reads the active
 * rows of active tests). A removed account's row is kept inactive, since tests already assigned
 * and test groups refer to it; allowing the account again makes it active with the new prices.
 */

const CHOICES_MAX = 20;

type Prices = InputOf<typeof catalogueRoutes.changePrice>;

function checkPrices(p: Prices): void {
  // The short-notice price is the higher one (spec §9): a lower one is a typing mistake.
  if (p.short_notice_fee_cents < p.fee_cents) throw catalogueError(400, "shortNoticeBelowPrice");
}

export async function listAccountTests({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<{ account_tests: AccountTestRow[] }> {
  backOfficeScope(scope);
  await findTest(db, id);
  const rows = await db
    .select({
      id: accountTests.id,
      account_id: accounts.id,
      account_name: accounts.name,
      fee_cents: accountTests.feeCents,
      short_notice_fee_cents: accountTests.shortNoticeFeeCents,
    })
    .from(accountTests)
    .innerJoin(accounts, eq(accounts.id, accountTests.accountId))
    .where(and(eq(accountTests.testId, id), eq(accountTests.isActive, true)))
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id));
  return { account_tests: rows };
}

/** Testing accounts (by name, containing `term`) that may not assign the test yet. */
export async function accountChoices({ db }: DbContext, scope: Scope, { id }: { id: number }, { term }: InputOf<typeof catalogueRoutes.accountChoices>) {
  backOfficeScope(scope);
  await findTest(db, id);
  const allowed = db.select({ id: accountTests.accountId }).from(accountTests).where(and(eq(accountTests.testId, id), eq(accountTests.isActive, true)));
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(arrayContains(accounts.services, ["testing"]), notInArray(accounts.id, allowed), term ? ilike(accounts.name, `%${escapeLike(term)}%`) : undefined))
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id))
    .limit(CHOICES_MAX);
  return { accounts: rows };
}

/** Lets a testing account assign the test at these prices; answers the account test's id. */
export async function allowAccount({ db }: DbContext, anyScope: Scope, { id: testId }: { id: number }, input: InputOf<typeof catalogueRoutes.allowAccount>): Promise<number> {
  const scope = backOfficeScope(anyScope);
  checkPrices(input);
  return db.transaction(async (tx) => {
    await findTest(tx, testId, true);
    const [account] = await tx
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(and(eq(accounts.id, input.account_id), arrayContains(accounts.services, ["testing"])));
    if (!account) throw catalogueError(404, "accountNotFound");
    const prices = { feeCents: input.fee_cents, shortNoticeFeeCents: input.short_notice_fee_cents };
    const [existing] = await tx
      .select({ id: accountTests.id, isActive: accountTests.isActive })
      .from(accountTests)
      .where(and(eq(accountTests.accountId, account.id), eq(accountTests.testId, testId)))
      .for("update");
    if (existing?.isActive) throw catalogueError(409, "accountAlreadyAllowed");
    let rowId: number;
    if (existing) {
      await tx.update(accountTests).set({ ...prices, isActive: true }).where(eq(accountTests.id, existing.id));
      rowId = existing.id;
    } else {
      const [created] = await tx.insert(accountTests).values({ accountId: account.id, testId, ...prices }).returning({ id: accountTests.id });
      rowId = created.id;
    }
    await audit(
      { db: tx },
      { actor: scope, action: "backoffice.account_tests.add", targetType: "account_test", targetId: rowId, details: { testId, accountId: account.id, account: account.name, ...prices } },
    );
    return rowId;
  });
}

/** An active account test, locked; a removed or missing one answers 404. */
async function findAccountTest(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: accountTests.id, accountId: accountTests.accountId, testId: accountTests.testId, feeCents: accountTests.feeCents, shortNoticeFeeCents: accountTests.shortNoticeFeeCents })
    .from(accountTests)
    .where(and(eq(accountTests.id, id), eq(accountTests.isActive, true)))
    .for("update");
  if (!row) throw catalogueError(404, "accountTestNotFound");
  return row;
}

/** New prices for an account's test. Tests already assigned keep the fee they were assigned at. */
export async function changePrice({ db }: DbContext, anyScope: Scope, { id }: { id: number }, input: Prices): Promise<void> {
  const scope = backOfficeScope(anyScope);
  checkPrices(input);
  await db.transaction(async (tx) => {
    const row = await findAccountTest(tx, id);
    const after = { feeCents: input.fee_cents, shortNoticeFeeCents: input.short_notice_fee_cents };
    if (row.feeCents === after.feeCents && row.shortNoticeFeeCents === after.shortNoticeFeeCents) return;
    await tx.update(accountTests).set(after).where(eq(accountTests.id, id));
    await audit(
      { db: tx },
      {
        actor: scope,
        action: "backoffice.account_tests.price",
        targetType: "account_test",
        targetId: id,
        details: { testId: row.testId, accountId: row.accountId, before: { feeCents: row.feeCents, shortNoticeFeeCents: row.shortNoticeFeeCents }, after },
      },
    );
  });
}

/** The account may no longer assign the test (the row stays, inactive: assigned tests and test groups refer to it). */
export async function removeAccount({ db }: DbContext, anyScope: Scope, { id }: { id: number }): Promise<void> {
  const scope = backOfficeScope(anyScope);
  await db.transaction(async (tx) => {
    const row = await findAccountTest(tx, id);
    await tx.update(accountTests).set({ isActive: false }).where(eq(accountTests.id, id));
    await audit({ db: tx }, { actor: scope, action: "backoffice.account_tests.remove", targetType: "account_test", targetId: id, details: { testId: row.testId, accountId: row.accountId } });
  });
}

