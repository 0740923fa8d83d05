import path from "node:path";
import os from "node:os";
import fs from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { mediaFiles, testContentVersions, tests } from "../db/schema.js";
import { DEMO_CONTENT_KEYS } from "../demo/catalogue.js";
import { importContent } from "./import.js";
import { SHIPPED_CONTENT_DIR } from "./sources.js";

/** The importer on a real, migrated database with the demo world (which imports content/ itself). */

let t: TestApp;
let tmp: string;
/** A copy of content/ the tests may break: tmp/content, so messages name content/<file>. */
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "parlance-content-"));
});
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  dir = path.join(tmp, "content");
  await fs.rm(dir, { recursive: true, force: true });
  await fs.cp(SHIPPED_CONTENT_DIR, dir, { recursive: true });
});

const versionsOf = async (key: string) =>
  t.ctx.db
    .select({ id: testContentVersions.id, hash: testContentVersions.contentHash, content: testContentVersions.content, media: testContentVersions.media })
    .from(testContentVersions)
    .innerJoin(tests, eq(tests.id, testContentVersions.testId))
    .where(eq(tests.contentKey, key))
    .orderBy(asc(testContentVersions.id));
const allVersions = async () => (await t.ctx.db.select({ id: testContentVersions.id }).from(testContentVersions)).length;
const run = (...paths: string[]) => importContent(t.ctx.db, paths, { cwd: tmp });
const readJson = async (file: string) => JSON.parse(await fs.readFile(path.join(dir, file), "utf8"));
const writeJson = (file: string, value: unknown) => fs.writeFile(path.join(dir, file), JSON.stringify(value, null, 2));

describe("content import", () => {
  it("the demo world has every shipped test's content, with its media", async () => {
    for (const key of DEMO_CONTENT_KEYS) expect(await versionsOf(key), key).toHaveLength(1);
    const [listening] = await versionsOf("en-listening");
    const media = listening.media as { path: string; bytes: number; sha256: string }[];
    expect(media.map((m) => m.path)).toEqual(["media/en-listening/voicemail.ogg", "media/en-listening/station-announcement.ogg", "media/en-listening/local-news.ogg"]);
    for (const m of media) expect(m.bytes).toBeLessThan(200 * 1024);
    expect((listening.content as { sections: unknown[] }).sections).toHaveLength(3);
    // The bytes are in the database, by SHA-256 (the media route serves them from there).
    const stored = await t.ctx.db.select({ sha256: mediaFiles.sha256, contentType: mediaFiles.contentType, size: mediaFiles.size }).from(mediaFiles);
    for (const m of media) expect(stored).toContainEqual({ sha256: m.sha256, contentType: "audio/ogg", size: m.bytes });
  });


  it("imports the shipped content again without adding a version", async () => {
    const before = await allVersions();
    const report = await run(dir);
    expect(report.ok).toBe(true);
    expect(report.files.map((f) => [f.label, f.status])).toEqual(DEMO_CONTENT_KEYS.map((k) => [`content/${k}.json`, "unchanged"]).sort());
    expect(await allVersions()).toBe(before);
  });

  it("ignores layout: a re-indented file is the same content", async () => {
    await fs.writeFile(path.join(dir, "zh-writing.json"), JSON.stringify(await readJson("zh-writing.json")));
    expect((await run(path.join(dir, "zh-writing.json"))).files[0].status).toBe("unchanged");
  });

  it("stores a new version when the content changes and keeps the old one for attempts in progress", async () => {
    const [first] = await versionsOf("en-reading");
    const changed = await readJson("en-reading.json");
    changed.sections[0].items[3].text = "What is the article mostly about?";
    await writeJson("en-reading.json", changed);
    const report = await run(dir);
    expect(report.files.find((f) => f.label === "content/en-reading.json")).toMatchObject({ status: "added", key: "en-reading", versionCount: 2 });
    const versions = await versionsOf("en-reading");
    expect(versions).toHaveLength(2);
    expect(versions[0]).toEqual(first);
    expect(JSON.stringify(versions[1].content)).toContain("mostly about");
    // Importing the same change again adds nothing.
    expect((await run(dir)).files.every((f) => f.status === "unchanged")).toBe(true);
  });

  it("stores a new version when only a media file changes", async () => {
    const clip = path.join(dir, "media/en-listening/voicemail.ogg");
    await fs.appendFile(clip, Buffer.from("OggS-extra"));
    const report = await run(path.join(dir, "en-listening.json"));
    expect(report.files[0]).toMatchObject({ status: "added", key: "en-listening" });
  });
});

describe("bad content is refused with its message and stores nothing", () => {
  const refused = async (file: string, value: unknown) => {
    if (typeof value === "string") await fs.writeFile(path.join(dir, file), value);
    else await writeJson(file, value);
    const before = await allVersions();
    const report = await run(path.join(dir, file));
    expect(report.ok).toBe(false);
    expect(await allVersions()).toBe(before);
    const [outcome] = report.files;
    return outcome.status === "failed" ? outcome.errors.map((e) => `${outcome.label}: ${e}`) : [];
  };

  it("a test without sections", async () => {
    const c = await readJson("en-reading.json");
    expect(await refused("en-reading.json", { ...c, sections: [] })).toEqual(["content/en-reading.json: There must be at least one section in the test."]);
  });

  it("a missing media file", async () => {
    await fs.rm(path.join(dir, "media/en-listening/local-news.ogg"));
    const c = await readJson("en-listening.json");
    c.description = "Changed, so it would be a new version";
    expect(await refused("en-listening.json", c)).toEqual([
      "content/en-listening.json: media/en-listening/local-news.ogg (item 'news') is missing: there is no file content/media/en-listening/local-news.ogg.",
    ]);
  });

  it("an unknown key", async () => {
    const c = await readJson("en-reading.json");
    expect(await refused("no-such-test.json", { ...c, key: "no-such-test" })).toEqual([
      "content/no-such-test.json: No catalogue test has the content key 'no-such-test' (set tests.content_key of the test this content belongs to).",
    ]);
  });

  it("invalid JSON", async () => {
    const errors = await refused("en-reading.json", '{ "key": "en-reading", ');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^content\/en-reading\.json: is not valid JSON: /);
  });

  it("a file not named after its key, and a time limit or type that disagrees with the catalogue", async () => {
    const c = await readJson("en-reading.json");
    expect(await refused("reading.json", { ...c, time_limit_minutes: 45, test_type_short_name: "writing" })).toEqual([
      "content/reading.json: The file name must be the test key: name it en-reading.json.",
      "content/reading.json: test_type_short_name is 'writing' but the catalogue test is of type 'reading'.",
      "content/reading.json: time_limit_minutes gives a time limit of 45 minutes but the catalogue test has a time limit of 60 minutes.",
    ]);
  });

  it("media that is too large, of another type, or an SVG with script", async () => {
    await fs.writeFile(path.join(dir, "media/en-listening/voicemail.ogg"), Buffer.alloc(2 * 1024 * 1024 + 1, 1));
    await fs.writeFile(path.join(dir, "media/en-listening/station-announcement.ogg"), "<html>not audio</html>");
    await fs.writeFile(path.join(dir, "media/en-reading/borrowing-chart.svg"), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const listening = await readJson("en-listening.json");
    expect(await refused("en-listening.json", listening)).toEqual([
      "content/en-listening.json: media/en-listening/voicemail.ogg (item 'voicemail') is 2.0 MB; a media file must be under 2.0 MB.",
      "content/en-listening.json: media/en-listening/station-announcement.ogg (item 'station') is not a .ogg file (its contents are of another type).",
    ]);
    expect(await refused("en-reading.json", await readJson("en-reading.json"))).toEqual([
      "content/en-reading.json: media/en-reading/borrowing-chart.svg (item 'borrowing-chart'): an SVG must be a plain drawing, without scripts, event handlers, embedded HTML or outside links.",
    ]);
  });

  it("an SVG whose script hides under a namespace prefix or whose link hides in entities is refused (issue 24 point 8)", async () => {
    const message = "content/en-reading.json: media/en-reading/borrowing-chart.svg (item 'borrowing-chart'): an SVG must be a plain drawing, without scripts, event handlers, embedded HTML or outside links.";
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#106;avascript:alert(1)"><rect width="9" height="9"/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="&#x6A;avascript:alert(1)"/></svg>',
    ]) {
      await fs.writeFile(path.join(dir, "media/en-reading/borrowing-chart.svg"), svg);
      expect(await refused("en-reading.json", await readJson("en-reading.json")), svg).toEqual([message]);
    }
  });

  it("a bad file does not stop the good ones; a missing path is reported", async () => {
    const c = await readJson("ar-reading.json");
    await writeJson("ar-reading.json", { ...c, sections: [] });
    const report = await run(dir, path.join(tmp, "nowhere"));
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual([`${path.join(tmp, "nowhere").slice(tmp.length + 1)}: no such file or directory.`]);
    expect(report.files.filter((f) => f.status === "failed").map((f) => f.label)).toEqual(["content/ar-reading.json"]);
    expect(report.files.filter((f) => f.status !== "failed")).toHaveLength(DEMO_CONTENT_KEYS.length - 1);
  });

  it("continues_by_phone is refused for a test not taken online", async () => {
    const paper = await readJson("es-reading-paper.json");
    const byPhone = { title: "By phone", by_phone: true, items: [{ id: "spoken", kind: "audio", direction: "receiving", src: "media/en-rs-phone/s1.ogg" }] };
    expect(await refused("es-reading-paper.json", { ...paper, continues_by_phone: true, sections: [...paper.sections, byPhone] })).toEqual([
      "content/es-reading-paper.json: continues_by_phone is only for online tests, but the catalogue test is taken by paper.",
    ]);
  });

  it("a test that continues by phone: online sections first, then by_phone sections holding only what a call can take", async () => {
    const shipped = await readJson("en-rs-phone.json");
    const [online, phone] = shipped.sections;
    const label = "content/en-rs-phone.json";
    expect(await refused("en-rs-phone.json", { ...shipped, continues_by_phone: false })).toEqual([
      `${label}: Section 2 is taken by phone (by_phone), but the test does not continue by phone: set continues_by_phone to true.`,
    ]);
    expect(await refused("en-rs-phone.json", { ...shipped, sections: [online] })).toEqual([
      `${label}: A test that continues by phone needs at least one section taken by phone (by_phone: true).`,
    ]);
    expect(await refused("en-rs-phone.json", { ...shipped, sections: [phone] })).toEqual([
      `${label}: A test that continues by phone needs at least one online section (a section without by_phone).`,
    ]);
    expect(await refused("en-rs-phone.json", { ...shipped, sections: [phone, online] })).toEqual([
      `${label}: Section 2 is taken online but comes after a section taken by phone: the sections taken by phone come last.`,
    ]);
    const typed = { ...phone, items: [...phone.items, { id: "typed", kind: "short_text", text: "Type an answer." }] };
    expect(await refused("en-rs-phone.json", { ...shipped, sections: [online, typed] })).toEqual([
      `${label}: Item 5 of section 2 cannot be taken by phone: a section taken by phone holds only headings, instructions and audio.`,
    ]);
    const silent = { ...phone, items: phone.items.filter((i: { direction?: string }) => i.direction !== "receiving") };
    expect(await refused("en-rs-phone.json", { ...shipped, sections: [online, silent] })).toEqual([
      `${label}: The sections taken by phone must ask for at least one spoken response (an audio item with direction receiving).`,
    ]);
    // As shipped, it is the demo's content: stored once, its phone section marked.
    const [version] = await versionsOf("en-rs-phone");
    expect((version.content as { continues_by_phone: boolean; sections: { by_phone?: boolean }[] }).sections.map((s) => s.by_phone === true)).toEqual([false, true]);
  });
});
