import { and, eq } from "drizzle-orm";
import { officeMessages } from "@parlance/contract";
import type { Tx } from "../../db/tx.js";
import { offices } from "../../db/schema.js";
import { clientScope, inAccount, type ClientScope, type Scope } from "../../auth/scope.js";
import { forbidden, HttpError } from "../../http/errors.js";

/**
 * Where a caller reaches with the settings lists (users, test groups, result recipients).
 * Account administrators reach the account level and every office of their account; an office
 * administrator only their own office (and sees the account's global test groups and recipients,
 * read-only).
 */
export interface ListReach extends ClientScope {
  /** May mark test groups and recipients global (account administrators). */
  canSetGlobal: boolean;
}

export function listReachOf(scope: Scope): ListReach {
  const client = clientScope(scope);
  if (client.officeId === null) {
    // Account-wide reach is the account administrator's (they create and delete offices too).
    if (!client.permissions.has("manageOffices")) throw forbidden();
    return { ...client, canSetGlobal: client.permissions.has("setGlobal") };
  }
  return { ...client, canSetGlobal: false };
}

/** One list: the account level (officeId null) or one office of the account. */
export interface ListLevel extends ListReach {
  /** The level: null for the account level, else the office. */
  level: number | null;
}

/**
 * The level a request names: absent officeId is the account level, for account administrators
 * only (403 for an office administrator); an office outside the caller's reach answers 404 like a
 * missing one.
 */
export async function resolveLevel(db: Tx, scope: Scope, officeId: number | undefined): Promise<ListLevel> {
  const reach = listReachOf(scope);
  if (officeId === undefined) {
    if (reach.officeId !== null) throw forbidden();
    return { ...reach, level: null };
  }
  if (reach.officeId !== null && reach.officeId !== officeId) throw officeNotFound();
  const [office] = await db
    .select({ id: offices.id })
    .from(offices)
    .where(and(eq(offices.id, officeId), inAccount(reach, offices)))
    .limit(1);
  if (!office) throw officeNotFound();
  return { ...reach, level: officeId };
}

const officeNotFound = () => new HttpError(404, officeMessages.notFound, "offices.messages.notFound");

/** Whether the caller may change a record at this level (office administrators: their office only). */
export function canChangeLevel(reach: ListReach, recordOfficeId: number | null): boolean {
  return reach.officeId === null || reach.officeId === recordOfficeId;
}

/**
 * Whether a test group or recipient is visible to the caller: anything of the account for an
 * account administrator; an office administrator's own office's records and the account's global
 * account-level ones.
 */
export function canSeeRecord(reach: ListReach, record: { officeId: number | null; isGlobal: boolean }): boolean {
  return reach.officeId === null || record.officeId === reach.officeId || (record.officeId === null && record.isGlobal);
}
