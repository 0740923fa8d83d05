import type { Db } from "../db/client.js";
import { auditLog } from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import type { Scope } from "../auth/scope.js";

export interface AuditEntry {
  /** The signed-in person acting (their id, account and impersonator are recorded). */
  caller?: Caller | null;
  /** The same, from a service's scope (its user, impersonator, account and address). */
  scope?: Scope;
  /** For actions without a session yet (sign-in, reset, activation): who it concerns. */
  actorUserId?: number | null;
  accountId?: number | null;
  /** Dotted verb, e.g. `auth.sign_in`, `offices.delete`. */
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
}

/**
 * Appends one line to the audit log. The log is append-only: nothing in the code base updates or
 * deletes its rows. Pass `{db: tx}` to write inside a transaction.
 */
export async function audit(ctx: { db: Db }, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditLog).values({
    actorUserId: entry.scope?.userId ?? entry.caller?.userId ?? entry.actorUserId ?? null,
    impersonatorUserId: entry.scope?.impersonatorUserId ?? entry.caller?.impersonatorUserId ?? null,
    accountId: entry.scope?.accountId ?? entry.caller?.accountId ?? entry.accountId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? null,
    ip: entry.ip ?? entry.scope?.ip ?? null,
  });
}
