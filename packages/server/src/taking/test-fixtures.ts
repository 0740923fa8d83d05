import { eq, inArray } from "drizzle-orm";
import { Role } from "@parlance/contract";
import { hashPassword } from "../auth/passwords.js";
import { candidates, candidateTestAnswers, candidateTests, users } from "../db/schema.js";
import { insertAssignedTest, insertCandidate, type NewTest } from "../candidates/test-fixtures.js";
import type { TestApp } from "../test/harness.js";

/** Test helpers of the taking area (used only by *.api.test.ts): candidates who can sign in, and their tests. */

export const PASSWORD = "Taking-Test-Pass-2026!";
let counter = 0;

/** A candidate profile with its own user (password sign-in); answers the profile id and a session cookie. */
export async function candidateWithLogin(t: TestApp, opts: { adjustments?: boolean; account?: "northwind" | "contoso" } = {}) {
  const n = ++counter;
  const email = `taker${n}.${Date.now()}@example.com`;
  const candidateId = await insertCandidate(t, { firstName: "Taker", lastName: `Number${n}`, email, adjustments: opts.adjustments, account: opts.account });
  const [u] = await t.ctx.db
    .insert(users)
    .values({ email, firstName: "Taker", lastName: `Number${n}`, roles: [Role.Candidate, Role.User], accountId: null, officeId: null, passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  await t.ctx.db.update(candidates).set({ userId: u.id }).where(eq(candidates.id, candidateId));
  return { candidateId, userId: u.id, cookie: await t.signIn(email, PASSWORD) };
}

export async function assign(t: TestApp, candidateId: number, x: NewTest): Promise<number> {
  return (await insertAssignedTest(t, candidateId, x)).id;
}

/** The routes, by the assigned test id. */
export function takingApi(t: TestApp) {
  return {
    start: (id: number | string, cookie?: string) => t.request({ method: "POST", url: `/api/test_content/start_test/${id}`, cookie, body: {} }),
    inProgress: (id: number | string, cookie?: string) => t.request({ method: "GET", url: `/api/test_content/in_progress/${id}`, cookie }),
    section: (id: number | string, cookie?: string, section?: number | string) =>
      t.request({ method: "GET", url: `/api/test_content/get_section/${id}${section === undefined ? "" : `?section=${section}`}`, cookie }),
    save: (id: number | string, body: unknown, cookie?: string) => t.request({ method: "POST", url: `/api/test_content/save_progress/${id}`, cookie, body }),
    submit: (id: number | string, body: unknown, cookie?: string) => t.request({ method: "POST", url: `/api/test_content/submit_test/${id}`, cookie, body }),
    status: (id: number | string, cookie?: string) => t.request({ method: "GET", url: `/api/test_content/check_status/${id}`, cookie }),
    grant: (id: number | string, query: string, cookie?: string) => t.request({ method: "GET", url: `/api/test_content/grant_audio_access/${id}?${query}`, cookie }),
    request: (id: number | string, query: string, cookie?: string) => t.request({ method: "GET", url: `/api/test_content/request_audio_access/${id}?${query}`, cookie }),
    heartbeat: (body: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/heartbeat", cookie, body }),
  };
}

/** `count` new candidates, each with `test` assigned and started: the takers of the save tests. */
export async function startedTakers(t: TestApp, count: number, test = "en-reading"): Promise<{ cookie: string; test: number }[]> {
  const api = takingApi(t);
  const takers: { cookie: string; test: number }[] = [];
  for (let i = 0; i < count; i++) {
    const c = await candidateWithLogin(t);
    const assigned = await assign(t, c.candidateId, { test });
    const started = await api.start(assigned, c.cookie);
    if (started.statusCode !== 200) throw new Error(`start_test answered ${started.statusCode}: ${started.body}`);
    takers.push({ cookie: c.cookie, test: assigned });
  }
  return takers;
}

/** Every answer stored for the assigned tests, as rows (test, item, response, seq). */
export function answersHeld(t: TestApp, tests: number[]) {
  return t.ctx.db
    .select({ test: candidateTests.assignedTestId, item: candidateTestAnswers.itemId, response: candidateTestAnswers.response, seq: candidateTestAnswers.seq })
    .from(candidateTestAnswers)
    .innerJoin(candidateTests, eq(candidateTests.id, candidateTestAnswers.candidateTestId))
    .where(inArray(candidateTests.assignedTestId, tests));
}
