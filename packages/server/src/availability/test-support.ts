import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE, Role } from "@parlance/contract";
import { users } from "../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { DEMO_PASSWORD } from "../demo/world.js";
import type { TestApp } from "../test/harness.js";

/** Helpers of the availability API tests. */

export const EVALUATOR = "evaluator@parlance.example";
export const OTHER_EVALUATOR = "evaluator.zh@parlance.example";
export const PROCTOR = "proctor.availability@parlance.example";

/** A proctor (Service Provider, role 19) of the proctoring service: the demo world has none. */
export async function addProctor(t: TestApp, email = PROCTOR): Promise<number> {
  const [row] = await t.ctx.db
    .insert(users)
    .values({ email, firstName: "Pat", lastName: "Proctor", roles: [Role.ServiceProvider, Role.User], passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  return row.id;
}

/** Everyone the access tests ask as: each client role, provider staff, two evaluators and a proctor. */
export const STAFF_AND_CLIENT_EMAILS = (roleEmails: readonly string[]) => [...roleEmails, "admin@parlance.example", "executive@parlance.example", EVALUATOR, OTHER_EVALUATOR, PROCTOR];

/** Adds the proctor and signs everyone of STAFF_AND_CLIENT_EMAILS in: their cookies by email. */
export async function signInEveryone(t: TestApp, roleEmails: readonly string[]): Promise<Record<string, string>> {
  await addProctor(t);
  const cookies: Record<string, string> = {};
  for (const email of STAFF_AND_CLIENT_EMAILS(roleEmails)) cookies[email] = await t.signIn(email);
  return cookies;
}

/** An Eastern wall-clock time `days` days from today as ISO 8601 with its offset, e.g. 2026-03-10T09:00:00-04:00. */
export function easternIso(days: number, time: string, now = new Date()): string {
  const [hour, minute] = time.split(":").map(Number);
  const at = DateTime.fromJSDate(now, { zone: BUSINESS_TIME_ZONE }).plus({ days }).set({ hour, minute, second: 0, millisecond: 0 });
  return at.toISO({ suppressMilliseconds: true })!;
}

/** The API's UTC form of an ISO instant. */
export const utc = (iso: string) => new Date(iso).toISOString();

export const routes = {
  weeklyList: "/api/recurringunavailabilities/list",
  weeklyCreate: "/api/recurringunavailabilities/create",
  weeklyUpdate: "/api/recurringunavailabilities/update",
  weeklyDelete: "/api/recurringunavailabilities/delete",
  individualList: "/api/specificunavailabilities/list",
  individualCreate: "/api/specificunavailabilities/create",
  individualUpdate: "/api/specificunavailabilities/update",
  individualDelete: "/api/specificunavailabilities/delete",
  page: "/api/availability",
} as const;

/** The caller's two lists, as the API answers them. */
export async function listsOf(t: TestApp, cookie: string) {
  const weekly = await t.request({ method: "GET", url: routes.weeklyList, cookie });
  const individual = await t.request({ method: "GET", url: routes.individualList, cookie });
  return {
    weekly: weekly.json().recurring_unavailabilities as { id: number; day: string; from_time: string; to_time: string }[],
    individual: individual.json().specific_unavailabilities as { id: number; from: string; to: string; partial: boolean }[],
  };
}
