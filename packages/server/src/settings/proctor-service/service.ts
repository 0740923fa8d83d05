import { eq } from "drizzle-orm";
import { parseMinProctorApptDelay, type ProctorSettings } from "@parlance/contract";
import type { Db } from "../../db/client.js";
import { accounts } from "../../db/schema.js";
import type { Caller } from "../../http/caller.js";
import { forbidden, notFound } from "../../http/errors.js";

/** Proctor service settings belong to the caller's account; provider staff have none. */
function accountOf(caller: Caller): number {
  if (caller.accountId === null) throw forbidden();
  return caller.accountId;
}

export async function getProctorSettings(db: Db, caller: Caller): Promise<ProctorSettings> {
  const [row] = await db
    .select({
      usesProctorService: accounts.usesProctorService,
      allowCandidateScheduling: accounts.allowCandidateScheduling,
      minProctorApptDelay: accounts.minProctorApptDelay,
    })
    .from(accounts)
    .where(eq(accounts.id, accountOf(caller)));
  if (!row) throw notFound("That account");
  return { ...row, minProctorApptDelay: parseMinProctorApptDelay(row.minProctorApptDelay) };
}

export async function saveProctorSettings(db: Db, caller: Caller, settings: ProctorSettings): Promise<void> {
  const updated = await db
    .update(accounts)
    .set({
      usesProctorService: settings.usesProctorService,
      allowCandidateScheduling: settings.allowCandidateScheduling,
      minProctorApptDelay: settings.minProctorApptDelay,
    })
    .where(eq(accounts.id, accountOf(caller)))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw notFound("That account");
}
