import { eq } from "drizzle-orm";
import { parseMinProctorApptDelay, type ProctorSettings } from "@parlance/contract";
import type { DbContext } from "../../context.js";
import { accounts } from "../../db/schema.js";
import { clientScope, type Scope } from "../../auth/scope.js";
import { notFound } from "../../http/errors.js";

/** Proctor service settings belong to the caller's account; provider staff have none. */
const accountOf = (scope: Scope): number => clientScope(scope).accountId;

export async function getProctorSettings({ db }: DbContext, scope: Scope): Promise<ProctorSettings> {
  const [row] = await db
    .select({
      usesProctorService: accounts.usesProctorService,
      allowCandidateScheduling: accounts.allowCandidateScheduling,
      minProctorApptDelay: accounts.minProctorApptDelay,
    })
    .from(accounts)
    .where(eq(accounts.id, accountOf(scope)));
  if (!row) throw notFound("That account");
  return { ...row, minProctorApptDelay: parseMinProctorApptDelay(row.minProctorApptDelay) };
}

export async function saveProctorSettings({ db }: DbContext, scope: Scope, settings: ProctorSettings): Promise<void> {
  const updated = await db
    .update(accounts)
    .set({
      usesProctorService: settings.usesProctorService,
      allowCandidateScheduling: settings.allowCandidateScheduling,
      minProctorApptDelay: settings.minProctorApptDelay,
    })
    .where(eq(accounts.id, accountOf(scope)))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw notFound("That account");
}
