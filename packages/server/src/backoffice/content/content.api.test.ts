import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, desc, eq } from "drizzle-orm";
import { auditLog, candidateTests, testContentVersions, assignedTests } from "../../db/schema.js";
import { SHIPPED_CONTENT_DIR } from "../../content/sources.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../../taking/test-fixtures.js";
import { BACK_OFFICE_EMAILS, REFUSED_EMAILS, catalogueApi, contentApi, createTest, signInAll, type UploadPart } from "../catalogue/test-fixtures.js";

/** The back office's test content: upload, the importer's messages, versions, publishing, and attempts keeping their version. */
let t: TestApp;
let api: ReturnType<typeof contentApi>;
let cookies: Record<string, string>;
const admin = () => cookies["admin@parlance.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = contentApi(t);
  cookies = await signInAll(t);
});
afterAll(() => t?.close());

const shipped = (name: string) => JSON.parse(fs.readFileSync(path.join(SHIPPED_CONTENT_DIR, name), "utf8")) as Record<string, unknown> & { sections: { title?: string; items: unknown[] }[] };
const chart = fs.readFileSync(path.join(SHIPPED_CONTENT_DIR, "media/en-reading/borrowing-chart.svg"));
const json = (value: unknown, name = "content.json"): UploadPart => ({ field: "content", name, bytes: Buffer.from(JSON.stringify(value, null, 2)) });
const chartPart: UploadPart = { field: "media", name: "borrowing-chart.svg", bytes: chart };
/** The shipped reading test's content as a new test's: its key, the catalogue's time limit (45). */
const readingFor = (key: string) => ({ ...shipped("en-reading.json"), key, time_limit_minutes: 45 });
const versionsOf = async (testId: number) => (await t.ctx.db.select({ n: count() }).from(testContentVersions).where(eq(testContentVersions.testId, testId)))[0].n;
const publishAudits = async () => (await t.ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "backoffice.content.publish")))[0].n;

describe("who may use it", () => {
  it("answers 401 signed out and 403 to every other role, and stores nothing", async () => {
    const { id, form } = await createTest(t, admin());
    const file = [json(readingFor(form.content_key)), chartPart];
    for (const res of [await api.versions(id), await api.check(id, file), await api.publish(id, file)]) expect(res.statusCode).toBe(401);
    for (const email of REFUSED_EMAILS) {
      for (const res of [await api.versions(id, cookies[email]), await api.check(id, file, cookies[email]), await api.publish(id, file, cookies[email])]) {
        expect(res.statusCode, email).toBe(403);
      }
    }
    expect(await versionsOf(id)).toBe(0);
    for (const email of BACK_OFFICE_EMAILS) expect((await api.versions(id, cookies[email])).statusCode).toBe(200);
  });
});

describe("checking and publishing a content file", () => {
  it("checks a good file with its media (nothing stored), publishes it as version 1 (audited), and the same file again adds nothing", async () => {
    const exec = cookies["executive@parlance.example"];
    const { id, form } = await createTest(t, admin());
    const files = [json(readingFor(form.content_key), "my reading test.json"), chartPart];
    const checked = await api.check(id, files, exec);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({
      file: "my reading test.json",
      ok: true,
      unchanged: false,
      messages: [],
      summary: { key: form.content_key, description: "English Reading Proficiency", test_type: "reading", time_limit_minutes: 45, sections: 2, questions: expect.any(Number), media: 1, format: "json" },
    });
    expect(await versionsOf(id)).toBe(0);

    const audits = await publishAudits();
    const published = await api.publish(id, files, exec);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ success: true, ok: true, unchanged: false, message: "The new version of the content has been published.", version: { number: 1 } });
    expect(await versionsOf(id)).toBe(1);
    expect(await publishAudits()).toBe(audits + 1);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "backoffice.content.publish")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ actorUserId: t.ids.users["executive@parlance.example"], targetType: "test", targetId: String(id) });
    expect(audit.details).toMatchObject({ version: 1, contentKey: form.content_key, file: "my reading test.json", media: 1 });

    const versions = (await api.versions(id, exec)).json();
    expect(versions).toMatchObject({ content_key: form.content_key, itemCount: 1, pageCount: 1, warnings: [] });
    expect(versions.versions).toEqual([
      expect.objectContaining({ number: 1, description: "English Reading Proficiency", sections: 2, media: 1, attempts: 0, in_progress: 0, is_current: true }),
    ]);
    expect(versions.versions[0].questions).toBe(checked.json().summary.questions);

    const again = await api.check(id, files, exec);
    expect(again.json()).toMatchObject({ ok: true, unchanged: true, messages: [{ level: "warning", messageKey: "boContent.messages.unchanged" }] });
    const republished = await api.publish(id, files, exec);
    expect(republished.json()).toMatchObject({ success: true, unchanged: true, message: "The file is the same as the current version: nothing new to publish.", version: { number: 1 } });
    expect(await versionsOf(id)).toBe(1);
    expect(await publishAudits()).toBe(audits + 1);

    // A new version without its media uploaded keeps the current version's file; a stray file is not stored.
    const changed = readingFor(form.content_key);
    changed.sections[0].title = "Part 1 (revised)";
    const second = await api.publish(id, [json(changed), { field: "media", name: "notes.txt", bytes: Buffer.from("hello") }], exec);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ unchanged: false, version: { number: 2 } });
    expect(second.json().messages).toEqual([
      { level: "warning", message: "media/en-reading/borrowing-chart.svg was not uploaded: the current version's file is kept.", messageKey: "boContent.messages.keptMedia", messageValues: { path: "media/en-reading/borrowing-chart.svg" } },
      { level: "warning", message: "notes.txt is not used by the content, so it is not stored.", messageKey: "boContent.messages.unusedMedia", messageValues: { name: "notes.txt" } },
    ]);
    const list = (await api.versions(id, exec)).json().versions;
    expect(list.map((v: { number: number; is_current: boolean }) => [v.number, v.is_current])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it("gives the importer's messages for a broken file (ours translated by key) and stores nothing; publishing it is 400", async () => {
    const { id, form } = await createTest(t, admin());
    const broken = readingFor(form.content_key);
    broken.sections = [];
    const res = await api.check(id, [json(broken)], admin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      summary: null,
      messages: [{ level: "error", message: "There must be at least one section in the test.", messageKey: "boContent.format.noSections", messageValues: {} }],
    });

    const twoItems = readingFor(form.content_key);
    twoItems.sections[1].items = [];
    const noItems = (await api.check(id, [json(twoItems), chartPart], admin())).json();
    expect(noItems.messages).toEqual([{ level: "error", message: "Section 2 must have at least one item.", messageKey: "boContent.format.noItems", messageValues: { section: 2 } }]);

    // The catalogue's time limit and type must agree; a missing media file is named.
    const disagrees = { ...readingFor(form.content_key), time_limit_minutes: 60, test_type_short_name: "writing" };
    const messages = (await api.check(id, [json(disagrees)], admin())).json().messages.map((m: { message: string }) => m.message);
    expect(messages).toEqual([
      "media/en-reading/borrowing-chart.svg (item 'borrowing-chart') is missing: there is no file media/en-reading/borrowing-chart.svg.",
      "test_type_short_name is 'writing' but the catalogue test is of type 'reading'.",
      "time_limit_minutes gives a time limit of 60 minutes but the catalogue test has a time limit of 45 minutes.",
    ]);

    const notJson = (await api.check(id, [{ field: "content", name: "x.json", bytes: Buffer.from("{ not json") }], admin())).json();
    expect(notJson.ok).toBe(false);
    expect(notJson.messages[0].message).toMatch(/^is not valid JSON: /);

    const audits = await publishAudits();
    const refused = await api.publish(id, [json(broken)], admin());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: "The content file has problems; nothing was published.", issues: [{ path: "content.json", message: "There must be at least one section in the test." }] });
    expect(await versionsOf(id)).toBe(0);
    expect(await publishAudits()).toBe(audits);
  });

  it("refuses a file of another test, a test without a content key, and bad uploads, storing nothing", async () => {
    const { id, form } = await createTest(t, admin());
    const other = await api.check(id, [json(shipped("en-reading.json")), chartPart], admin());
    expect(other.json()).toMatchObject({
      ok: false,
      messages: [{ level: "error", messageKey: "boContent.messages.keyMismatch", messageValues: { fileKey: "en-reading", testKey: form.content_key } }],
    });
    expect((await api.publish(id, [json(shipped("en-reading.json")), chartPart], admin())).statusCode).toBe(400);
    // The demo test of that key did not get a version either.
    expect(await versionsOf(t.ids.catalogue.tests["en-reading"])).toBe(1);

    const good = json(readingFor(form.content_key));
    const cases: [UploadPart[], number, string][] = [
      [[], 400, "Choose the content file (.json) to upload."],
      [[chartPart], 400, "Choose the content file (.json) to upload."],
      [[good, good], 400, "Upload one content file (.json) at a time, with its media files."],
      [[{ ...good, name: "content.txt" }], 400, "The content file must be a .json file or a QTI 3 package (.zip)."],
      [[{ ...good, bytes: Buffer.alloc(4 * 1024 * 1024 + 1, 32) }], 413, "A file is too large: the content file must be under 4 MB (a QTI package under 20 MB) and each media file under 2 MB."],
      [Array.from({ length: 41 }, () => chartPart), 413, "At most 40 files can be uploaded at once."],
    ];
    for (const [files, status, message] of cases) {
      const res = await api.publish(id, files, admin());
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const plain = await t.request({ method: "POST", url: `/api/backoffice/tests/${id}/content/check`, cookie: admin(), body: { content: "{}" } });
    expect(plain.statusCode).toBe(400);

    const { id: keyless } = await createTest(t, admin(), { content_key: null });
    const noKey = await api.check(keyless, [good], admin());
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().message).toBe("Give the test a content key before uploading its content.");
    expect((await api.check(id + 100000, [good], admin())).statusCode).toBe(404);
    expect(await versionsOf(id)).toBe(0);
  });

  it("warns on the versions page when the test is retired or its type or time limit no longer agree with the content", async () => {
    const { id, form } = await createTest(t, admin());
    expect((await api.publish(id, [json(readingFor(form.content_key)), chartPart], admin())).statusCode).toBe(200);
    await catalogueApi(t).edit({ ...form, id, time_limit_minutes: 30, is_active: false }, admin());
    const { warnings } = (await api.versions(id, admin())).json();
    expect(warnings.map((w: { messageKey: string }) => w.messageKey)).toEqual(["boContent.messages.retired", "boContent.messages.timeLimitDiffers"]);
    expect(warnings[1].message).toBe("The current content's time limit differs from the test's: publish content that agrees with it.");
  });
});

describe("attempts keep the version they started with", () => {
  it("an attempt in progress keeps its version after a new one is published; a new attempt starts on the new one", async () => {
    const taking = takingApi(t);
    const readingTest = t.ids.catalogue.tests["en-reading"];
    const first = await candidateWithLogin(t);
    const firstTest = await assign(t, first.candidateId, { test: "en-reading" });
    const started = await taking.start(firstTest, first.cookie);
    expect(started.statusCode, started.body).toBe(200);
    const oldTitle = "Part 1: Borrowing More Than Books";
    expect(started.json().candidate_test_sections[0].title).toBe(oldTitle);
    const attemptOf = async (assignedTestId: number) => (await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, assignedTestId)))[0];
    const pinned = (await attemptOf(firstTest)).contentVersionId;

    // The demo test's content, revised, published through the back office (its chart kept).
    const revised = shipped("en-reading.json");
    revised.sections[0].title = "Part 1: Borrowing More Than Books (revised)";
    const published = await api.publish(readingTest, [json(revised, "en-reading.json")], admin());
    expect(published.statusCode, published.body).toBe(200);
    const newVersion = published.json().version.id;
    expect(newVersion).not.toBe(pinned);

    // The attempt in progress: the same version, the old title, on a resume and on reading a section.
    const resumed = await taking.start(firstTest, first.cookie);
    expect(resumed.json().candidate_test_sections[0].title).toBe(oldTitle);
    expect((await attemptOf(firstTest)).contentVersionId).toBe(pinned);
    expect((await taking.section(firstTest, first.cookie, 1)).statusCode).toBe(200);

    // A new attempt takes the new version.
    const second = await candidateWithLogin(t);
    const secondTest = await assign(t, second.candidateId, { test: "en-reading" });
    const fresh = await taking.start(secondTest, second.cookie);
    expect(fresh.json().candidate_test_sections[0].title).toBe("Part 1: Borrowing More Than Books (revised)");
    expect((await attemptOf(secondTest)).contentVersionId).toBe(newVersion);

    // The versions page counts the attempts that keep each version.
    const { versions } = (await api.versions(readingTest, admin())).json();
    const byId = new Map(versions.map((v: { id: number }) => [v.id, v]));
    expect(byId.get(newVersion)).toMatchObject({ is_current: true, in_progress: 1 });
    expect((byId.get(pinned!) as { in_progress: number }).in_progress).toBeGreaterThanOrEqual(1);
    expect((await t.ctx.db.select({ n: count() }).from(assignedTests).where(eq(assignedTests.id, firstTest)))[0].n).toBe(1);
  });
});
