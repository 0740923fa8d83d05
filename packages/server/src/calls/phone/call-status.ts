import { and, eq, inArray, notInArray } from "drizzle-orm";
import { CALL_STATE, ENDED_PHONE_CALL_STATUSES, type IvrCallView, type PhoneCallStatus } from "@parlance/contract";
import type { Tx } from "../../db/tx.js";
import { phoneCalls } from "../../db/schema.js";
import { phoneError } from "./records.js";

const ENDED = ENDED_PHONE_CALL_STATUSES as PhoneCallStatus[];

/** A phone call of a provider, by our id: another provider's (or none) is not found. */
export async function phoneCallOf(db: Tx, callId: number, provider: "local" | "twilio") {
  const [row] = await db.select().from(phoneCalls).where(and(eq(phoneCalls.id, callId), eq(phoneCalls.provider, provider)));
  if (!row) throw phoneError(404, "callNotFound");
  return row;
}
export type PhoneCallRow = Awaited<ReturnType<typeof phoneCallOf>>;

/**
 * Moves a call's status forward: an ended call stays ended, and a late "ringing" never undoes
 * "in_progress" (a provider's callbacks may arrive out of order).
 */
export async function moveStatus(db: Tx, callId: number, status: PhoneCallStatus, now = new Date()): Promise<void> {
  if (ENDED.includes(status)) {
    await db.update(phoneCalls).set({ status, endedAt: now }).where(and(eq(phoneCalls.id, callId), notInArray(phoneCalls.status, ENDED)));
  } else if (status === "in_progress") {
    await db.update(phoneCalls).set({ status, answeredAt: now }).where(and(eq(phoneCalls.id, callId), inArray(phoneCalls.status, ["requested", "ringing"])));
  } else {
    await db.update(phoneCalls).set({ status }).where(and(eq(phoneCalls.id, callId), eq(phoneCalls.status, "requested")));
  }
}

/** When the engine has ended the test's call (every prompt done), the phone call is completed too. */
export async function followEngine(db: Tx, callId: number, view: IvrCallView): Promise<void> {
  if (view.state === CALL_STATE.disconnected || view.state === CALL_STATE.cancelled) await moveStatus(db, callId, "completed");
}
