import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { INDIVIDUAL_CONFLICTS_MAX, WEEKLY_CONFLICTS_MAX } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { evaluators, recurringUnavailabilities, specificUnavailabilities } from "../db/schema.js";
import { addProctor, easternIso, EVALUATOR, listsOf, OTHER_EVALUATOR, PROCTOR, routes, utc } from "./test-support.js";

/** What the availability routes accept, what they refuse (400 with the message, nothing changed) and the screen's data. */
let t: TestApp;
let proctorId: number;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  proctorId = await addProctor(t);
  for (const email of [EVALUATOR, OTHER_EVALUATOR, PROCTOR]) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const evaluator = () => cookies[EVALUATOR];
const send = (method: "POST" | "DELETE", url: string, body: unknown, cookie = evaluator()) => t.request({ method, url, cookie, body });

/** Sends each body, expects 400 with the message, and the caller's lists unchanged. */
async function refused(method: "POST" | "DELETE", url: string, cases: [body: unknown, message: string][]) {
  const before = await listsOf(t, evaluator());
  for (const [body, message] of cases) {
    const res = await send(method, url, body);
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(res.json().message, JSON.stringify(body)).toBe(message);
  }
  expect(await listsOf(t, evaluator())).toEqual(before);
}

const REQUIRED = "A required field is missing.";
const BAD_DAY = "The day must be one of Sunday, Monday, Tuesday, Wednesday, Thursday, Friday or Saturday.";
const BAD_TIME = "Times are written HH:MM:SS, from 00:00:00 to 23:59:59.";
const OFF_STEP = "Times are chosen in 15-minute steps (00, 15, 30 or 45 minutes past the hour).";
const BAD_DATE_TIME = "Dates and times are written as ISO 8601 with a time zone, e.g. 2026-03-10T09:00:00-04:00, in the years 2000 to 2999.";
const BAD_ID = "The id must be a positive whole number.";

describe("the demo evaluator's conflicts", () => {
  it("are listed in order: weekly Sunday to Saturday, individual by start, all in the future", async () => {
    const { weekly, individual } = await listsOf(t, evaluator());
    expect(weekly.map(({ day, from_time, to_time }) => [day, from_time, to_time])).toEqual([
      ["Monday", "12:00:00", "13:00:00"],
      ["Friday", "15:00:00", "18:00:00"],
    ]);
    expect(individual.map((i) => i.partial)).toEqual([false, true]);
    for (const i of individual) expect(new Date(i.to).getTime()).toBeGreaterThan(Date.now());
  });
});

describe("weekly conflicts: bad input", () => {
  const good = { day: "Sunday", from_time: "08:00:00", to_time: "18:00:00" };
  it("refuses a missing, unknown or badly written field with its message", async () => {
    await refused("POST", routes.weeklyCreate, [
      [{ from_time: "08:00:00", to_time: "18:00:00" }, REQUIRED],
      [{ ...good, day: "" }, BAD_DAY],
      [{ ...good, day: "Funday" }, BAD_DAY],
      [{ ...good, day: 0 }, BAD_DAY],
      [{ ...good, from_time: undefined }, REQUIRED],
      [{ ...good, from_time: "" }, REQUIRED],
      [{ ...good, from_time: "8:00" }, BAD_TIME],
      [{ ...good, to_time: "24:00:00" }, BAD_TIME],
      [{ ...good, to_time: 18 }, BAD_TIME],
      [{ ...good, from_time: "08:10:00" }, OFF_STEP],
      [{ ...good, to_time: "18:00:30" }, OFF_STEP],
      [{ ...good, from_time: "18:00:00", to_time: "18:00:00" }, "The end time must be after the start time."],
      [{ ...good, from_time: "19:00:00" }, "The end time must be after the start time."],
    ]);
  });

  it("refuses an update with a bad id or bad fields, and changes nothing", async () => {
    const [first] = (await listsOf(t, evaluator())).weekly;
    await refused("POST", routes.weeklyUpdate, [
      [good, BAD_ID],
      [{ ...good, id: "abc" }, BAD_ID],
      [{ ...good, id: 0 }, BAD_ID],
      [{ ...good, id: 2 ** 31 }, BAD_ID],
      [{ ...good, id: first.id, to_time: "07:00:00" }, "The end time must be after the start time."],
      [{ id: first.id, day: "Monday" }, REQUIRED],
    ]);
    await refused("DELETE", routes.weeklyDelete, [
      [{}, BAD_ID],
      [{ id: -1 }, BAD_ID],
    ]);
  });

  it("keeps at most 50 weekly conflicts a person (422), counting only their own", async () => {
    const cookie = cookies[OTHER_EVALUATOR];
    const existing = (await listsOf(t, cookie)).weekly.length;
    for (let i = existing; i < WEEKLY_CONFLICTS_MAX; i++) {
      expect((await send("POST", routes.weeklyCreate, { day: "Saturday", from_time: "06:00:00", to_time: "07:00:00" }, cookie)).statusCode).toBe(200);
    }
    const over = await send("POST", routes.weeklyCreate, { day: "Saturday", from_time: "06:00:00", to_time: "07:00:00" }, cookie);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe("You can keep at most 50 weekly conflicts.");
    expect((await listsOf(t, cookie)).weekly).toHaveLength(WEEKLY_CONFLICTS_MAX);
    // Someone else still adds theirs.
    expect((await send("POST", routes.weeklyCreate, { day: "Saturday", from_time: "06:00:00", to_time: "07:00:00" }, cookies[PROCTOR])).statusCode).toBe(200);
  });
});

describe("individual conflicts: bad input", () => {
  const good = () => ({ from: easternIso(5, "09:00"), to: easternIso(5, "12:00"), partial: false });
  it("refuses a missing or badly written field with its message", async () => {
    await refused("POST", routes.individualCreate, [
      [{ ...good(), from: undefined }, REQUIRED],
      [{ ...good(), to: "" }, REQUIRED],
      [{ ...good(), partial: undefined }, REQUIRED],
      [{ ...good(), from: "2030-02-30T09:00:00Z" }, BAD_DATE_TIME],
      [{ ...good(), from: "2030-02-10T24:00:00Z" }, BAD_DATE_TIME],
      [{ ...good(), from: "2030-02-10T09:00:00" }, BAD_DATE_TIME],
      [{ ...good(), from: "2030-02-10" }, BAD_DATE_TIME],
      [{ ...good(), from: "3000-01-01T09:00:00Z" }, BAD_DATE_TIME],
      [{ ...good(), from: 1_900_000_000_000 }, BAD_DATE_TIME],
      [{ ...good(), from: "2030-02-10T09:05:00Z" }, OFF_STEP],
      [{ ...good(), partial: "yes" }, "The field partial must be true or false ('1' or '0')."],
      [{ ...good(), partial: 1 }, "The field partial must be true or false ('1' or '0')."],
      [{ from: easternIso(5, "12:00"), to: easternIso(5, "12:00"), partial: false }, "The end must be after the start."],
      [{ from: easternIso(5, "12:00"), to: easternIso(4, "13:00"), partial: false }, "The end must be after the start."],
    ]);
  });

  it("refuses a conflict that has already ended (422), and changes nothing", async () => {
    const before = await listsOf(t, evaluator());
    const past = { from: easternIso(-3, "09:00"), to: easternIso(-3, "10:00"), partial: false };
    const created = await send("POST", routes.individualCreate, past);
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({ message: "An individual conflict must end in the future.", messageKey: "availability.messages.individualEnded" });
    const updated = await send("POST", routes.individualUpdate, { id: before.individual[0].id, ...past });
    expect(updated.statusCode).toBe(422);
    expect(await listsOf(t, evaluator())).toEqual(before);
  });

  it("takes partial as true/false or the form values '1'/'0', and any zone offset", async () => {
    const body = { from: "2031-06-02T09:00:00-07:00", to: "2031-06-02T17:30:00.000Z", partial: "0" };
    const { id } = (await send("POST", routes.individualCreate, body)).json();
    expect((await listsOf(t, evaluator())).individual).toContainEqual({ id, from: "2031-06-02T16:00:00.000Z", to: "2031-06-02T17:30:00.000Z", partial: false });
    await send("POST", routes.individualUpdate, { id, ...body, partial: true });
    const [row] = await t.ctx.db.select().from(specificUnavailabilities).where(eq(specificUnavailabilities.id, id));
    expect(row.partial).toBe(true);
    expect((await send("DELETE", routes.individualDelete, { id })).statusCode).toBe(200);
  });

  it("keeps at most 200 individual conflicts that have not ended (422)", async () => {
    const rows = Array.from({ length: INDIVIDUAL_CONFLICTS_MAX }, (_, i) => ({
      userId: proctorId,
      fromAt: new Date(utc(easternIso(30, "09:00"))),
      toAt: new Date(new Date(utc(easternIso(30, "09:00"))).getTime() + (i + 1) * 15 * 60_000),
    }));
    await t.ctx.db.insert(specificUnavailabilities).values(rows);
    const over = await send("POST", routes.individualCreate, good(), cookies[PROCTOR]);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe("You can keep at most 200 individual conflicts that have not ended.");
    // Ended conflicts do not count: one ending in the past frees nothing, one moved out of the future does.
    await t.ctx.db.update(specificUnavailabilities).set({ fromAt: new Date("2020-01-01T10:00:00Z"), toAt: new Date("2020-01-01T11:00:00Z") }).where(eq(specificUnavailabilities.id, (await listsOf(t, cookies[PROCTOR])).individual[0].id));
    expect((await send("POST", routes.individualCreate, good(), cookies[PROCTOR])).statusCode).toBe(200);
  });
});

describe("the Availability screen's data", () => {
  it("gives today, the offered zones and the person's zone: an evaluator's own, else Eastern", async () => {
    await t.ctx.db.update(evaluators).set({ timeZone: "America/Chicago" }).where(eq(evaluators.userId, t.ids.users[OTHER_EVALUATOR]));
    const central = (await t.request({ method: "GET", url: routes.page, cookie: cookies[OTHER_EVALUATOR] })).json();
    expect(central).toMatchObject({ timeZoneId: 22, timeZoneName: "America/Chicago", timeZoneDisplayAs: "Central Time" });
    expect(central.timeZones.map((z: { id: number }) => z.id)).toEqual([23, 22, 21, 20]);
    expect(central.today).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date()));
    const proctor = (await t.request({ method: "GET", url: routes.page, cookie: cookies[PROCTOR] })).json();
    expect(proctor).toMatchObject({ timeZoneId: 23, timeZoneName: "America/New_York", timeZoneDisplayAs: "Eastern Time" });
  });

  it("falls back to Eastern for an evaluator zone outside the offered four", async () => {
    await t.ctx.db.update(evaluators).set({ timeZone: "Europe/Paris" }).where(eq(evaluators.userId, t.ids.users[EVALUATOR]));
    const page = (await t.request({ method: "GET", url: routes.page, cookie: evaluator() })).json();
    expect(page.timeZoneId).toBe(23);
  });
});

describe("stored rows", () => {
  it("keep weekly days as 0–6 and times as PostgreSQL times, refused by the database when out of order", async () => {
    const rows = await t.ctx.db.select().from(recurringUnavailabilities).where(eq(recurringUnavailabilities.userId, t.ids.users[EVALUATOR]));
    expect(rows.map((r) => [r.day, r.fromTime])).toContainEqual([1, "12:00:00"]);
    await expect(
      t.ctx.db.insert(recurringUnavailabilities).values({ userId: t.ids.users[EVALUATOR], day: 7, fromTime: "09:00:00", toTime: "10:00:00" }),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.insert(recurringUnavailabilities).values({ userId: t.ids.users[EVALUATOR], day: 1, fromTime: "10:00:00", toTime: "09:00:00" }),
    ).rejects.toThrow();
  });
});
