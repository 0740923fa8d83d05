import type { Db } from "../db/client.js";
import { auditLog } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";

/**
 * Who acts, as the audit log records them: their user, impersonator, account and address. A
 * request's Scope is one; an action without a session uses actorWithoutSession.
 */
export type Actor = Pick<Scope, "accountId" | "impersonatorUserId" | "ip"> & { userId: number | null };

/**
 * The actor of an action without a session yet (sign-in, reset, activation, a payer's payment
 * settled by the processor): the user it concerns, if known, and the request's address.
 */
export function actorWithoutSession(userId: number | null | undefined, ip?: string): Actor {
  return { userId: userId ?? null, accountId: null, impersonatorUserId: null, ip };
}

export interface AuditEntry {
  /** Who acts: the request's scope, actorWithoutSession, or null when no person does (a job, a webhook). */
  actor: Actor | null;
  /** The account the action concerns, recorded when the actor has none of their own (staff, sign-in). */
  accountId?: number | null;
  /** Dotted verb, e.g. `auth.sign_in`, `offices.delete`. */
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

/**
 * Appends one line to the audit log. The log is append-only: nothing in the code base updates or
 * deletes its rows. Pass `{db: tx}` to write inside a transaction.
 */
export async function audit(ctx: { db: Db }, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await ctx.db.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    impersonatorUserId: actor?.impersonatorUserId ?? null,
    accountId: actor?.accountId ?? entry.accountId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? null,
    ip: actor?.ip ?? null,
  });
}
