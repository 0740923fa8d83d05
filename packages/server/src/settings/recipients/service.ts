import { and, asc, count, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  PAGE_SIZE,
  pageCountOf,
  recipientMessages,
  type RecipientDetail,
  type RecipientList,
  type RecipientMessage,
  type RecipientRow,
  type ResultType,
} from "@parlance/contract";
import { accounts, resultRecipients } from "../../db/schema.js";
import type { DbContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { inAccount, type ClientScope, type Scope } from "../../auth/scope.js";
import { forbidden, HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import { canChangeLevel, canSeeRecord, listReachOf, resolveLevel, type ListReach } from "../lists/scope.js";

/** An error whose text is one of the recipient messages, sent with its i18n key. */
const recipientError = (status: number, name: RecipientMessage) =>
  new HttpError(status, recipientMessages[name], `settingsLists.recipients.messages.${name}`);

/** The recipients of one list: the account level's own, or an office's own plus the account's global ones. */
function listWhere(reach: Pick<ClientScope, "accountId">, level: number | null): SQL {
  const account = inAccount(reach, resultRecipients);
  if (level === null) return and(account, isNull(resultRecipients.officeId))!;
  return and(
    account,
    or(eq(resultRecipients.officeId, level), and(isNull(resultRecipients.officeId), eq(resultRecipients.isGlobal, true))),
  )!;
}

const columns = {
  id: resultRecipients.id,
  accountId: resultRecipients.accountId,
  officeId: resultRecipients.officeId,
  firstName: resultRecipients.firstName,
  lastName: resultRecipients.lastName,
  email: resultRecipients.email,
  isGlobal: resultRecipients.isGlobal,
  resultType: resultRecipients.resultType,
};
type RecipientRecord = {
  id: number;
  accountId: number;
  officeId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  isGlobal: boolean;
  resultType: ResultType;
};

function rowOf(r: RecipientRecord, reach: ListReach): RecipientRow {
  return {
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    isGlobal: r.isGlobal,
    firstName: r.firstName,
    lastName: r.lastName,
    resultType: r.resultType,
    clientId: r.accountId,
    officeId: r.officeId,
    canEdit: canChangeLevel(reach, r.officeId),
  };
}

/** The clients a recipient may belong to: the scope's own account. */
async function clientsOf(db: Tx, accountId: number) {
  return db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
}

/** One page of a level's result recipients, by last name, first name, email, then id. */
export async function listRecipients({ db }: DbContext, scope: Scope, { officeId, page }: { officeId?: number; page: number }): Promise<RecipientList> {
  const level = await resolveLevel(db, scope, officeId);
  const where = listWhere(level, level.level);
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(resultRecipients).where(where);
  const rows = await db
    .select(columns)
    .from(resultRecipients)
    .where(where)
    .orderBy(
      asc(sql`lower(${resultRecipients.lastName})`),
      asc(sql`lower(${resultRecipients.firstName})`),
      asc(sql`lower(${resultRecipients.email})`),
      asc(resultRecipients.id),
    )
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return {
    recipients: rows.map((r) => rowOf(r, level)),
    itemCount,
    pageCount: pageCountOf(itemCount),
    clients: await clientsOf(db, level.accountId),
    canSetGlobal: level.canSetGlobal && level.level === null,
  };
}

/** A recipient the scope may see (404 otherwise, exactly like a missing one). */
async function findRecipient(db: Tx, reach: ListReach, id: number, lock = false): Promise<RecipientRecord> {
  const query = db
    .select(columns)
    .from(resultRecipients)
    .where(and(eq(resultRecipients.id, id), inAccount(reach, resultRecipients)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || !canSeeRecord(reach, row)) throw recipientError(404, "notFound");
  return row;
}

/** A recipient the scope may change: seen (404) and at a level they manage (403 for a global account one). */
async function findChangeableRecipient(db: Tx, reach: ListReach, id: number): Promise<RecipientRecord> {
  const recipient = await findRecipient(db, reach, id, true);
  if (!canChangeLevel(reach, recipient.officeId)) throw recipientError(403, "globalReadOnly");
  return recipient;
}

export async function getRecipient({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<RecipientDetail> {
  const reach = listReachOf(scope);
  const recipient = await findRecipient(db, reach, id);
  return {
    ...rowOf(recipient, reach),
    clients: await clientsOf(db, reach.accountId),
    canSetGlobal: reach.canSetGlobal && recipient.officeId === null,
  };
}

export interface RecipientChanges {
  id?: number;
  clientId?: number;
  officeId?: number;
  isGlobal?: boolean;
  /** Trimmed and length-checked by the contract; names or email filled in. */
  firstName: string;
  lastName: string;
  emailAddress: string;
  resultType?: ResultType;
}

/** Creates (no id) or updates a result recipient at a level; returns its id. */
export async function saveRecipient({ db }: DbContext, scope: Scope, changes: RecipientChanges): Promise<number> {
  if (changes.isGlobal === true && !scope.permissions.has("setGlobal")) throw forbidden();
  return db.transaction(async (tx) => {
    const level = await resolveLevel(tx, scope, changes.officeId);
    // The clients list holds the scope's account only; another answers like a missing one.
    if (changes.clientId !== undefined && changes.clientId !== level.accountId) throw recipientError(404, "clientNotFound");
    if (changes.isGlobal === true && level.level !== null) throw recipientError(400, "globalOnlyAtAccountLevel");
    const fields = {
      firstName: changes.firstName,
      lastName: changes.lastName,
      email: changes.emailAddress,
      ...(changes.isGlobal === undefined ? {} : { isGlobal: changes.isGlobal }),
      ...(changes.resultType === undefined ? {} : { resultType: changes.resultType }),
    };
    if (changes.id === undefined) {
      const [created] = await tx
        .insert(resultRecipients)
        .values({ accountId: level.accountId, officeId: level.level, ...fields })
        .returning({ id: resultRecipients.id });
      return created.id;
    }
    const recipient = await findChangeableRecipient(tx, level, changes.id);
    // Found only at the level the form belongs to: recipients do not move between levels.
    if (recipient.officeId !== level.level) throw recipientError(404, "notFound");
    await tx.update(resultRecipients).set(fields).where(eq(resultRecipients.id, recipient.id));
    return recipient.id;
  });
}

/** Deletes a result recipient and records who did it. */
export async function deleteRecipient({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<void> {
  const reach = listReachOf(scope);
  await db.transaction(async (tx) => {
    const recipient = await findChangeableRecipient(tx, reach, id);
    await tx.delete(resultRecipients).where(eq(resultRecipients.id, id));
    await audit(
      { db: tx },
      {
        actor: scope,
        action: "resultrecipients.delete",
        targetType: "result_recipient",
        targetId: id,
        details: { name: `${recipient.firstName} ${recipient.lastName}`.trim(), email: recipient.email, officeId: recipient.officeId },
      },
    );
  });
}
