import { eq } from "drizzle-orm";
import { users } from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import type { Scope } from "../auth/scope.js";

/** Holds the caller's user row for the transaction, so that two simultaneous creates cannot both pass a count. */
export async function lockOwner(tx: Tx, scope: Scope): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, scope.userId)).for("update");
}
