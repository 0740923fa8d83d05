import { eq } from "drizzle-orm";
import { Role } from "@parlance/contract";
import type { ProctorAvailableTime, ProctorSchedulePage } from "@parlance/contract";
import { candidates, users } from "../../db/schema.js";
import { hashPassword } from "../../auth/passwords.js";
import type { TestApp } from "../../test/harness.js";
import { insertCandidate } from "../../candidates/test-fixtures.js";
import { PASSWORD } from "../../taking/test-fixtures.js";

/** Helpers of the proctoring reservation API tests. */

export const PAGE = "/api/proctorservice/schedule_page";
export const TIMES = "/api/proctorservice/get_available_times";
export const CONFIRM = "/api/proctorservice/confirm";
export const CANCEL = "/api/proctorservice/cancel";
export const CONTACT = "/api/proctorservice/contact_details";
export const EDIT_CONTACT = "/api/proctorservice/edit_contact_details";
export const TERMS = "/api/proctorservice/tos";
export const ACCEPT = "/api/proctorservice/accept_tos";

export const CONTACT_FIELDS = { phoneNumber: "617-555-0100", streetAddress: "1 Main Street", city: "Boston", state: "MA", postalCode: "02110", timeZone: 23 };

let n = 0;
/** A candidate of the given account and office with a password sign-in of their own. */
export async function proctoredCandidate(t: TestApp, opts: { account?: "northwind" | "contoso"; office?: number; contact?: boolean } = {}) {
  const k = ++n;
  const email = `proctored${k}.${Date.now()}@example.com`;
  const candidateId = await insertCandidate(t, { firstName: "Proctored", lastName: `Candidate${k}`, email, account: opts.account, office: opts.office ?? 0 });
  const [u] = await t.ctx.db
    .insert(users)
    .values({ email, firstName: "Proctored", lastName: `Candidate${k}`, roles: [Role.Candidate, Role.User], passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  const { timeZone, ...contact } = CONTACT_FIELDS;
  await t.ctx.db
    .update(candidates)
    .set({ userId: u.id, ...(opts.contact === false ? {} : { ...contact, timeZoneId: timeZone }) })
    .where(eq(candidates.id, candidateId));
  return { candidateId, userId: u.id, cookie: await t.signIn(email, PASSWORD) };
}

/** The first available time of the page's window (Eastern), as the screen would find it. */
export async function firstTime(t: TestApp, cookie: string, candidateId: number, assigned: number[]): Promise<{ date: string; slot: ProctorAvailableTime; page: ProctorSchedulePage }> {
  const page = (await t.request({ method: "GET", url: `${PAGE}/${candidateId}?assigned_tests=${assigned.join(",")}`, cookie })).json() as ProctorSchedulePage;
  for (const date of page.availableDates) {
    const res = await t.request({ method: "POST", url: TIMES, cookie, body: { date, duration: page.duration, timeZone: 23, candidateProfileId: candidateId, assignedTestIds: assigned } });
    const [slot] = res.json().availableTimes as ProctorAvailableTime[];
    if (slot) return { date, slot, page };
  }
  throw new Error("no proctoring time in the window");
}
