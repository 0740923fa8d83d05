import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { auditLog, candidateTracks, testGroups, testGroupTests } from "../db/schema.js";
import { makeCandidate } from "../history/test-fixtures.js";

/** GET /api/test_tracks/:id and POST /api/test_tracks/update: contents, scope, bad input. */
let t: TestApp;
const cookies: Record<string, string> = {};
let bostonTrack: number;
let chicagoTrack: number;
let contosoTrack: number;
let bostonCandidate: number;

async function battery(cookie: string, candidateId: number, accountId: number, officeId: number, keys: string[]) {
  const at = t.ids.catalogue.accountTests[accountId];
  const [g] = await t.ctx.db.insert(testGroups).values({ accountId, officeId, description: `Battery ${keys.join(" + ")}` }).returning({ id: testGroups.id });
  await t.ctx.db.insert(testGroupTests).values(keys.map((k, position) => ({ groupId: g.id, accountTestId: at[k], position })));
  const res = await t.request({
    method: "POST",
    url: `/api/test_assignment/create_tests/${candidateId}`,
    cookie,
    body: { test_objects: [`group:${g.id}`], notify_candidate: false },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().assigned[0].candidateTrackId as number;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example"]) {
    cookies[email] = await t.signIn(email);
  }
  const northwind = t.ids.accounts.northwind;
  const contoso = t.ids.accounts.contoso;
  const [boston, chicago] = t.ids.offices.northwind;
  bostonCandidate = await makeCandidate(t.ctx.db, { accountId: northwind, officeId: boston, firstName: "Tracy", lastName: "Track" });
  const chicagoCandidate = await makeCandidate(t.ctx.db, { accountId: northwind, officeId: chicago });
  const contosoCandidate = await makeCandidate(t.ctx.db, { accountId: contoso, officeId: t.ids.offices.contoso[0] });
  bostonTrack = await battery(cookies["admin@northwind.example"], bostonCandidate, northwind, boston, ["en-listening", "es-ls-live"]);
  chicagoTrack = await battery(cookies["admin@northwind.example"], chicagoCandidate, northwind, chicago, ["en-reading"]);
  contosoTrack = await battery(cookies["admin@contoso.example"], contosoCandidate, contoso, t.ids.offices.contoso[0], ["en-reading"]);
});
afterAll(() => t?.close());

const get = (id: unknown, cookie?: string) => t.request({ method: "GET", url: `/api/test_tracks/${id}`, cookie });
const update = (body: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/test_tracks/update", cookie, body });
const completed = async (id: number) => (await t.ctx.db.select().from(candidateTracks).where(eq(candidateTracks.id, id)))[0].isCompleted;

describe("GET /api/test_tracks/:id", () => {
  it("gives each client role the battery with its tests and statuses", async () => {
    for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example"]) {
      const res = await get(bostonTrack, cookies[email]);
      expect(res.statusCode, email).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: bostonTrack,
        isCompleted: false,
        trackDescription: "Battery en-listening + es-ls-live",
        candidateId: bostonCandidate,
        candidateName: "Tracy Track",
      });
      expect(body.trackTests.map((tt: { testDescription: string; testMethod: string; requiresScheduling: boolean; testDate: null }) => [tt.testDescription, tt.testMethod, tt.requiresScheduling, tt.testDate])).toEqual([
        ["English Listening Comprehension", "online", false, null],
        ["Spanish Listening and Speaking (Live)", "live", false, null],
      ]);
      expect(body.trackTests[0].status).toMatchObject({ status: "assigned" });
    }
  });

  it("another office's or account's battery answers 404", async () => {
    expect((await get(chicagoTrack, cookies["office.user@northwind.example"])).statusCode).toBe(404);
    expect((await get(chicagoTrack, cookies["office.admin@northwind.example"])).statusCode).toBe(404);
    const res = await get(contosoTrack, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("That test battery was not found.");
  });

  it("401 signed out, 403 for a candidate, 400 for a bad id", async () => {
    expect((await get(bostonTrack)).statusCode).toBe(401);
    expect((await get(bostonTrack, cookies["candidate@northwind.example"])).statusCode).toBe(403);
    const bad = await get("abc", cookies["admin@northwind.example"]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The battery id must be a positive whole number.");
  });
});

describe("POST /api/test_tracks/update", () => {
  it("marks a battery completed (audited) and open again", async () => {
    const res = await update({ candidateTrackId: bostonTrack, completed: true }, cookies["office.user@northwind.example"]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "The test battery has been marked completed.", messageKey: "tracks.messages.completed" });
    expect(await completed(bostonTrack)).toBe(true);
    expect((await get(bostonTrack, cookies["admin@northwind.example"])).json().isCompleted).toBe(true);
    const entries = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "tracks.complete"), eq(auditLog.targetId, String(bostonTrack))));
    expect(entries).toHaveLength(1);
    const reopen = await update({ candidateTrackId: bostonTrack, completed: false }, cookies["admin@northwind.example"]);
    expect(reopen.json().messageKey).toBe("tracks.messages.reopened");
    expect(await completed(bostonTrack)).toBe(false);
  });

  it("another office's or account's battery answers 404 and stays as it was", async () => {
    expect((await update({ candidateTrackId: chicagoTrack, completed: true }, cookies["office.admin@northwind.example"])).statusCode).toBe(404);
    expect((await update({ candidateTrackId: contosoTrack, completed: true }, cookies["user@northwind.example"])).statusCode).toBe(404);
    expect(await completed(chicagoTrack)).toBe(false);
    expect(await completed(contosoTrack)).toBe(false);
  });

  it("bad input is a 400 with its message and changes nothing", async () => {
    const admin = cookies["admin@northwind.example"];
    const cases: [unknown, string][] = [
      [{ completed: true }, "The battery id must be a positive whole number."],
      [{ candidateTrackId: "x", completed: true }, "The battery id must be a positive whole number."],
      [{ candidateTrackId: bostonTrack, completed: "yes" }, "The field completed must be true or false."],
      [{ candidateTrackId: bostonTrack }, "The field completed must be true or false."],
    ];
    for (const [body, message] of cases) {
      const res = await update(body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await completed(bostonTrack)).toBe(false);
  });

  it("401 signed out, 403 for a candidate", async () => {
    expect((await update({ candidateTrackId: bostonTrack, completed: true })).statusCode).toBe(401);
    expect((await update({ candidateTrackId: bostonTrack, completed: true }, cookies["candidate@northwind.example"])).statusCode).toBe(403);
    expect(await completed(bostonTrack)).toBe(false);
  });
});
