import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ROLE_EMAILS, type TestApp } from "../test/harness.js";
import { auditLog } from "../db/schema.js";
import { easternIso, EVALUATOR, listsOf, OTHER_EVALUATOR, PROCTOR, routes, signInEveryone, utc } from "./test-support.js";

/** Who reaches which conflicts: evaluators and proctors their own only; nobody else any. */
let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  Object.assign(cookies, await signInEveryone(t, ROLE_EMAILS));
});
afterAll(() => t?.close());

const weekly = { day: "Tuesday", from_time: "13:00:00", to_time: "14:30:00" };
const individual = () => ({ from: easternIso(10, "09:00"), to: easternIso(10, "11:00"), partial: false });

/** One call of every route, by name (ids of a conflict that exists, so only the guard can refuse). */
const everyRoute = (cookie: string | undefined, ids: { weekly: number; individual: number }) =>
  Promise.all(
    (
      [
        ["page", "GET", routes.page, undefined],
        ["weekly list", "GET", routes.weeklyList, undefined],
        ["weekly create", "POST", routes.weeklyCreate, weekly],
        ["weekly update", "POST", routes.weeklyUpdate, { id: ids.weekly, ...weekly }],
        ["weekly delete", "DELETE", routes.weeklyDelete, { id: ids.weekly }],
        ["individual list", "GET", routes.individualList, undefined],
        ["individual create", "POST", routes.individualCreate, individual()],
        ["individual update", "POST", routes.individualUpdate, { id: ids.individual, ...individual() }],
        ["individual delete", "DELETE", routes.individualDelete, { id: ids.individual }],
      ] as const
    ).map(async ([name, method, url, body]) => [name, await t.request({ method, url, cookie, body })] as const),
  );

async function evaluatorIds() {
  const lists = await listsOf(t, cookies[EVALUATOR]);
  return { weekly: lists.weekly[0].id, individual: lists.individual[0].id };
}

describe("who may call the availability routes", () => {
  it("answers 401 to a visitor on every route, and changes nothing", async () => {
    const ids = await evaluatorIds();
    const before = await listsOf(t, cookies[EVALUATOR]);
    for (const [name, res] of await everyRoute(undefined, ids)) expect(res.statusCode, name).toBe(401);
    expect(await listsOf(t, cookies[EVALUATOR])).toEqual(before);
  });

  it("answers 403 to every client role, the candidate and provider staff who are not evaluators or proctors", async () => {
    const ids = await evaluatorIds();
    const before = await listsOf(t, cookies[EVALUATOR]);
    for (const email of [...ROLE_EMAILS, "admin@parlance.example", "executive@parlance.example"]) {
      for (const [name, res] of await everyRoute(cookies[email], ids)) expect(res.statusCode, `${email} ${name}`).toBe(403);
    }
    expect(await listsOf(t, cookies[EVALUATOR])).toEqual(before);
  });

  it("gives evaluators and proctors the availability permission in the startup data", async () => {
    for (const [email, has] of [[EVALUATOR, true], [PROCTOR, true], ["admin@northwind.example", false], ["candidate@northwind.example", false]] as const) {
      const startup = (await t.request({ method: "GET", url: "/api/startup", cookie: cookies[email] })).json();
      expect(startup.authorized.availability, email).toBe(has);
    }
  });
});

describe.each([
  ["an evaluator", EVALUATOR],
  ["a proctor", PROCTOR],
])("%s keeps their own conflicts", (_who, email) => {
  it("creates, lists, updates and deletes a weekly conflict", async () => {
    const cookie = cookies[email];
    const before = (await listsOf(t, cookie)).weekly;
    const created = await t.request({ method: "POST", url: routes.weeklyCreate, cookie, body: { day: "Thursday", from_time: "09:15:00", to_time: "10:45:00" } });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(created.json()).toEqual({ id: expect.any(Number) });
    expect((await listsOf(t, cookie)).weekly).toContainEqual({ id, day: "Thursday", from_time: "09:15:00", to_time: "10:45:00" });

    const updated = await t.request({ method: "POST", url: routes.weeklyUpdate, cookie, body: { id, day: "Saturday", from_time: "08:00", to_time: "12:00" } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ success: true });
    expect((await listsOf(t, cookie)).weekly).toContainEqual({ id, day: "Saturday", from_time: "08:00:00", to_time: "12:00:00" });

    const deleted = await t.request({ method: "DELETE", url: routes.weeklyDelete, cookie, body: { id } });
    expect(deleted.statusCode).toBe(200);
    expect((await listsOf(t, cookie)).weekly).toEqual(before);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "availability.weekly.delete"), eq(auditLog.targetId, String(id))));
    expect(entry.details).toEqual({ id, day: "Saturday", from_time: "08:00:00", to_time: "12:00:00" });
  });

  it("creates, lists, updates and deletes an individual conflict", async () => {
    const cookie = cookies[email];
    const before = (await listsOf(t, cookie)).individual;
    const body = { from: easternIso(20, "13:00"), to: easternIso(20, "15:30"), partial: "1" };
    const created = await t.request({ method: "POST", url: routes.individualCreate, cookie, body });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect((await listsOf(t, cookie)).individual).toContainEqual({ id, from: utc(body.from), to: utc(body.to), partial: true });

    const changed = { id, from: easternIso(21, "08:00"), to: easternIso(22, "18:00"), partial: false };
    expect((await t.request({ method: "POST", url: routes.individualUpdate, cookie, body: changed })).json()).toEqual({ success: true });
    expect((await listsOf(t, cookie)).individual).toContainEqual({ id, from: utc(changed.from), to: utc(changed.to), partial: false });

    expect((await t.request({ method: "DELETE", url: routes.individualDelete, cookie, body: { id } })).statusCode).toBe(200);
    expect((await listsOf(t, cookie)).individual).toEqual(before);
  });
});

describe("another person's conflicts", () => {
  it("are not listed, and answer 404 to update and delete without changing them", async () => {
    const ids = await evaluatorIds();
    const before = await listsOf(t, cookies[EVALUATOR]);
    for (const email of [OTHER_EVALUATOR, PROCTOR]) {
      const cookie = cookies[email];
      const theirs = await listsOf(t, cookie);
      expect(theirs.weekly.map((w) => w.id)).not.toContain(ids.weekly);
      expect(theirs.individual.map((i) => i.id)).not.toContain(ids.individual);
      const refused = [
        [await t.request({ method: "POST", url: routes.weeklyUpdate, cookie, body: { id: ids.weekly, ...weekly } }), "That weekly conflict was not found."],
        [await t.request({ method: "DELETE", url: routes.weeklyDelete, cookie, body: { id: ids.weekly } }), "That weekly conflict was not found."],
        [await t.request({ method: "POST", url: routes.individualUpdate, cookie, body: { id: ids.individual, ...individual() } }), "That individual conflict was not found."],
        [await t.request({ method: "DELETE", url: routes.individualDelete, cookie, body: { id: ids.individual } }), "That individual conflict was not found."],
      ] as const;
      for (const [res, message] of refused) {
        expect(res.statusCode, email).toBe(404);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await listsOf(t, cookies[EVALUATOR])).toEqual(before);
  });

  it("are the same as missing ones: an id that does not exist answers the same 404", async () => {
    const res = await t.request({ method: "POST", url: routes.weeklyUpdate, cookie: cookies[EVALUATOR], body: { id: 2_000_000_000, ...weekly } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "That weekly conflict was not found.", messageKey: "availability.messages.weeklyNotFound" });
  });
});
