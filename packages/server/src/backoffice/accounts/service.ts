import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import {
  accountMessages,
  CLIENT_ROLES,
  PAGE_SIZE,
  pageCountOf,
  Role,
  type AccountDetail,
  type AccountList,
  type AccountMessage,
  type backofficeAccountRoutes,
  type PaymentTerms,
  type Service,
} from "@parlance/contract";
import type { DbContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { accounts, offices, ssoIdentities, users } from "../../db/schema.js";
import { escapeLike } from "../../db/like.js";
import { pgCode } from "../../db/pg-code.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { forbidden, HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";

/**
 * Client accounts in the provider's back office: list and search, one account with its offices and
 * administrators, create and edit with the flags the specs use. Staff sessions only (the backOffice
 * permission is never a client's); every change is audited with the account it concerns.
 */

/** An error whose text is one of the account messages, sent with its i18n key. */
export const accountError = (status: number, name: AccountMessage, values?: Record<string, string>) => {
  let text: string = accountMessages[name];
  for (const [k, v] of Object.entries(values ?? {})) text = text.replace(`{{${k}}}`, v);
  return new HttpError(status, text, `backofficeAccounts.messages.${name}`, values);
};

/** The back office is the provider's: a staff session with the permission, nobody else. */
export function backOfficeScope(scope: Scope): Scope {
  if (scope.kind !== "staff" || !scope.permissions.has("backOffice")) throw forbidden();
  return scope;
}

const intArray = (values: readonly number[]) => sql.raw(`ARRAY[${values.map((v) => Math.trunc(v)).join(",")}]::int[]`);
/** Active testing users of an account (not candidates, who are users too). */
const isTestingUser = sql`${users.roles} && ${intArray(CLIENT_ROLES)}`;

export const paymentTermsOf = (a: { prepay: boolean; invoiced: boolean }): PaymentTerms => (a.prepay ? "prepay" : a.invoiced ? "invoiced" : "card");

/** Whether a user has activated: a password set through the link, or a single sign-on identity linked. */
// Written out qualified: drizzle renders the columns of a one-table select's sql fields unqualified.
export const activatedSql = sql<boolean>`("users"."password_hash" is not null or exists (select 1 from ${ssoIdentities} si where si.user_id = "users"."id"))`;

/** One page of accounts by name; `q` matches a part of the name (case-insensitive) or is the id. */
export async function listAccounts({ db }: DbContext, scope: Scope, { q, page }: InputOf<typeof backofficeAccountRoutes.list>): Promise<AccountList> {
  backOfficeScope(scope);
  let where: SQL | undefined;
  if (q) {
    const byName = sql`${accounts.name} ilike ${`%${escapeLike(q)}%`}`;
    where = /^\d{1,9}$/.test(q) ? or(byName, eq(accounts.id, Number(q))) : byName;
  }
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(accounts).where(where);
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, services: accounts.services, prepay: accounts.prepay, invoiced: accounts.invoiced, createdAt: accounts.createdAt })
    .from(accounts)
    .where(where)
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const officeCounts = ids.length
    ? await db.select({ id: offices.accountId, n: count() }).from(offices).where(and(inArray(offices.accountId, ids), eq(offices.isClosed, false))).groupBy(offices.accountId)
    : [];
  const userCounts = ids.length
    ? await db.select({ id: users.accountId, n: count() }).from(users).where(and(inArray(users.accountId, ids), eq(users.isActive, true), isTestingUser)).groupBy(users.accountId)
    : [];
  const countOf = (list: { id: number | null; n: number }[], id: number) => list.find((c) => c.id === id)?.n ?? 0;
  return {
    accounts: rows.map((r) => ({
      id: r.id,
      name: r.name,
      services: r.services as Service[],
      paymentTerms: paymentTermsOf(r),
      offices: countOf(officeCounts, r.id),
      users: countOf(userCounts, r.id),
      createdAt: r.createdAt.toISOString(),
    })),
    itemCount,
    pageCount: pageCountOf(itemCount),
  };
}

/** The account row, locked for an edit when asked; 404 when there is none. */
export async function findAccount(db: Tx, id: number, lock = false) {
  const query = db.select().from(accounts).where(eq(accounts.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw accountError(404, "notFound");
  return row;
}

export async function getAccount({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<AccountDetail> {
  backOfficeScope(scope);
  const account = await findAccount(db, id);
  const officeRows = await db
    .select({ id: offices.id, name: offices.name, isInvoiced: offices.isInvoiced, isClosed: offices.isClosed })
    .from(offices)
    .where(eq(offices.accountId, id))
    .orderBy(asc(offices.isClosed), asc(sql`lower(${offices.name})`), asc(offices.id));
  const officeUsers = await db
    .select({ id: users.officeId, n: count() })
    .from(users)
    .where(and(eq(users.accountId, id), eq(users.isActive, true), isTestingUser))
    .groupBy(users.officeId);
  const admins = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email, activated: activatedSql, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(and(eq(users.accountId, id), eq(users.isActive, true), sql`${Role.TestingAccountAdministrator} = any(${users.roles})`))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
  return {
    id: account.id,
    name: account.name,
    services: account.services as Service[],
    medicalOption: account.medicalOption,
    usesProctorService: account.usesProctorService,
    liveProctor: account.liveProctor,
    allowCandidateScheduling: account.allowCandidateScheduling,
    minProctorApptDelay: account.minProctorApptDelay,
    paymentTerms: paymentTermsOf(account),
    ssoDomains: account.ssoDomains,
    createdAt: account.createdAt.toISOString(),
    offices: officeRows.map((o) => ({ id: o.id, name: o.name, is_invoiced: o.isInvoiced, isClosed: o.isClosed, users: officeUsers.find((u) => u.id === o.id)?.n ?? 0 })),
    administrators: admins.map((a) => ({
      id: a.id,
      name: `${a.first} ${a.last}`.trim(),
      email: a.email,
      activated: a.activated,
      lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
    })),
  };
}

/** Serialises account writes (names and single sign-on domains are checked, then written). */
const ACCOUNTS_LOCK = 5_310_733;

/** Creates (no id) or updates an account with its flags; returns its id. Names are unique, ignoring case. */
export async function saveAccount({ db }: DbContext, anyScope: Scope, input: InputOf<typeof backofficeAccountRoutes.edit>): Promise<number> {
  const scope = backOfficeScope(anyScope);
  const values = {
    name: input.name,
    services: input.services,
    medicalOption: input.medicalOption,
    usesProctorService: input.usesProctorService,
    liveProctor: input.liveProctor,
    allowCandidateScheduling: input.allowCandidateScheduling,
    minProctorApptDelay: input.minProctorApptDelay,
    prepay: input.paymentTerms === "prepay",
    invoiced: input.paymentTerms === "invoiced",
    ssoDomains: input.ssoDomains,
  };
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK})`);
      const before = input.id === undefined ? null : await findAccount(tx, input.id, true);
      const others = input.id === undefined ? undefined : ne(accounts.id, input.id);
      const [sameName] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sql`lower(${accounts.name}) = lower(${input.name})`, others))
        .limit(1);
      if (sameName) throw accountError(409, "nameTaken");
      if (values.ssoDomains.length > 0) {
        const [taken] = await tx
          .select({ domains: accounts.ssoDomains })
          .from(accounts)
          .where(and(sql`${accounts.ssoDomains} && ARRAY[${sql.join(values.ssoDomains.map((d) => sql`${d}`), sql`, `)}]::text[]`, others))
          .limit(1);
        if (taken) {
          const domain = values.ssoDomains.find((d) => taken.domains.includes(d)) ?? values.ssoDomains[0];
          throw accountError(409, "ssoDomainTaken", { domain });
        }
      }
      if (!before) {
        const [created] = await tx.insert(accounts).values(values).returning({ id: accounts.id });
        await audit({ db: tx }, { actor: scope, accountId: created.id, action: "backoffice.account_create", targetType: "account", targetId: created.id, details: { ...values } });
        return created.id;
      }
      await tx.update(accounts).set(values).where(eq(accounts.id, before.id));
      const changed = Object.fromEntries(
        (Object.keys(values) as (keyof typeof values)[])
          .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]))
          .map((k) => [k, { from: before[k], to: values[k] }]),
      );
      await audit({ db: tx }, { actor: scope, accountId: before.id, action: "backoffice.account_update", targetType: "account", targetId: before.id, details: changed });
      return before.id;
    });
  } catch (err) {
    if (pgCode(err) === "23505") throw accountError(409, "nameTaken");
    throw err;
  }
}
