import { reservationMessages } from "@parlance/contract";
import type { DbContext } from "../../context.js";
import { proctorTermsAcceptances } from "../../db/schema/proctoring.js";
import { prepayTermsAcceptances } from "../../db/schema.js";
import type { Tx } from "../../db/tx.js";
import { inAccount, ownRows, type Scope } from "../../auth/scope.js";
import { audit } from "../../audit/audit.js";

/**
 * The proctoring terms of service (client-administration.md §2, §4, §5): accepted once by the
 * person who reserves (the account's staff member, or the candidate scheduling their own sitting),
 * then the page says so. Reserving is refused until they are accepted.
 */

async function acceptance(tx: Tx, scope: Pick<Scope, "userId">) {
  const [row] = await tx.select().from(proctorTermsAcceptances).where(ownRows(proctorTermsAcceptances.userId, scope));
  return row ?? null;
}

export const hasAcceptedTerms = async (tx: Tx, scope: Pick<Scope, "userId">) => (await acceptance(tx, scope)) !== null;

/** A prepay account reserves only once its prepay terms are accepted (spec §5: "the prepay and proctor terms"); other accounts have none. */
export async function prepayTermsAccepted(tx: Tx, account: { accountId: number; prepay: boolean }): Promise<boolean> {
  if (!account.prepay) return true;
  const [row] = await tx.select({ id: prepayTermsAcceptances.accountId }).from(prepayTermsAcceptances).where(inAccount(account, prepayTermsAcceptances));
  return row !== undefined;
}

export async function termsStatus({ db }: DbContext, scope: Scope) {
  const row = await acceptance(db, scope);
  return { accepted: row !== null, acceptedAt: row?.acceptedAt.toISOString() ?? null };
}

/** Accepting again keeps the first acceptance (and its date). */
export async function acceptTerms({ db }: DbContext, scope: Scope) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(proctorTermsAcceptances)
      .values({ userId: scope.userId, accountId: scope.accountId, acceptedAt: new Date() })
      .onConflictDoNothing({ target: proctorTermsAcceptances.userId })
      .returning();
    if (inserted.length > 0) await audit({ db: tx }, { actor: scope, action: "proctoring.accept_terms", targetType: "user", targetId: scope.userId });
    const row = inserted[0] ?? (await acceptance(tx, scope))!;
    return { success: true, message: reservationMessages.termsAccepted, messageKey: "proctorReservation.messages.termsAccepted", acceptedAt: row.acceptedAt.toISOString() };
  });
}
