import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE } from "@parlance/contract";
import { cancellationCutoff } from "../../history/index.js";
import { isBusinessDay } from "../../scheduling/index.js";

/**
 * The proctoring cancellation cut-off (client-administration.md §9): 5 pm ET the day before the
 * sitting; cancelled before it the fee is waived, after it the fee is due. The payment policy page
 * gives the cut-off as 6 pm ET the business day before; that reading is stated beside it.
 */
export { cancellationCutoff };

export const POLICY_CUTOFF_HOUR = 18;

/** 6 pm Eastern on the business day (Monday to Friday) before the sitting's Eastern date. */
export function policyCutoff(scheduledAt: Date): Date {
  let day = DateTime.fromJSDate(scheduledAt, { zone: BUSINESS_TIME_ZONE }).startOf("day").minus({ days: 1 });
  while (!isBusinessDay(day)) day = day.minus({ days: 1 });
  return day.set({ hour: POLICY_CUTOFF_HOUR }).toJSDate();
}

/** Whether cancelling at `now` waives the fee: strictly before the 5 pm cut-off. */
export const cancelsEarly = (scheduledAt: Date, now: Date): boolean => now.getTime() < cancellationCutoff(scheduledAt).getTime();
