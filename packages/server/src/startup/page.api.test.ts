import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_READS_ELEMENT_ID } from "@parlance/contract";
import { buildApp } from "../app.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../taking/test-fixtures.js";
import { insertAssignedTest } from "../candidates/test-fixtures.js";
import { jsonPost, sessionCookieOf } from "../auth/test-support.js";
import { users } from "../db/schema.js";

/** A page's first reads written into its HTML (startup/page.ts), through the real app serving a built index.html. */
let t: TestApp;
let web: FastifyInstance;
let dist: string;
let api: ReturnType<typeof takingApi>;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  t = await createTestApp();
  api = takingApi(t);
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-page-"));
  fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  // The build's list of each screen's files (packages/web/vite-plugins/first-screens.ts).
  const screen = { path: "/testing/tests", scripts: ["assets/list.js"], styles: [], strings: { "en-US": ["assets/en.js"], "zh-HANS": ["assets/hans.js"] } };
    const testPage = { path: "/testing/tests/:id", scripts: ["assets/flow.js"], styles: [], strings: {} };
  const parts = { "test-in-progress": { scripts: ["assets/running.js"], styles: ["assets/running.css"] } };
  fs.writeFileSync(path.join(dist, "first-screens.json"), JSON.stringify({ screens: [screen, testPage], parts }));
  web = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDist: dist } }, { serveWeb: true });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  web.inject({ method: "GET", url, headers: { accept: "text/html", ...(cookie ? { cookie } : {}), ...headers } });
const ELEMENT = new RegExp(`<script type="application/json" id="${PAGE_READS_ELEMENT_ID}">(.*?)</script>`, "s");
function readsOf(res: LightMyRequestResponse, body = res.body): Record<string, unknown> {
  expect(res.statusCode).toBe(200);
  const found = body.match(ELEMENT);
  expect(found, body).not.toBeNull();
  return JSON.parse(found![1]!) as Record<string, unknown>;
}
const answerOf = async (url: string, cookie?: string) => {
  const res = await t.request({ method: "GET", url, cookie });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe("a page of the web app carries its first reads", () => {
  it("a visitor's sign-in page: the startup data the browser would read, in a page that is never stored", async () => {
    const res = await page("/login");
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const reads = readsOf(res);
    expect(Object.keys(reads)).toEqual(["/api/startup"]);
    expect(reads["/api/startup"]).toEqual((await answerOf("/api/startup")).body);
    // The page is the built one, the element added before </body>.
    expect(res.body.startsWith(INDEX.slice(0, INDEX.indexOf("</body>")))).toBe(true);
  });

  it("the language named in the address is the startup read's input, as the browser writes it", async () => {
    const reads = readsOf(await page("/login?lang=zh-hans"));
    expect(Object.keys(reads)).toEqual(["/api/startup?lang=zh-HANS"]);
    expect((reads["/api/startup?lang=zh-HANS"] as { language: string }).language).toBe("zh-HANS");
    expect(Object.keys(readsOf(await page("/login?lang=klingon")))).toEqual(["/api/startup"]);
  });

  it("a candidate's Take a Test list and test page carry what the API answers them; another's test carries nothing", async () => {
    const owner = await candidateWithLogin(t);
    const test = await assign(t, owner.candidateId, { test: "en-reading" });
    const list = readsOf(await page("/testing/tests", owner.cookie));
    expect(list["/api/tests/list"]).toEqual((await answerOf("/api/tests/list", owner.cookie)).body);
    expect((list["/api/startup"] as { userFlags?: unknown }).userFlags).toBeDefined();
    const show = readsOf(await page(`/testing/tests/${test}`, owner.cookie));
    expect(show[`/api/tests/show/${test}`]).toEqual((await answerOf(`/api/tests/show/${test}`, owner.cookie)).body);

    const other = await candidateWithLogin(t);
    expect((await answerOf(`/api/tests/show/${test}`, other.cookie)).status).toBe(404);
    const theirs = readsOf(await page(`/testing/tests/${test}`, other.cookie));
    expect(Object.keys(theirs)).toEqual(["/api/startup"]);
  });

  it("a test page reloaded mid-test carries the attempt in progress and every section, and names the running test's files", async () => {
    const owner = await candidateWithLogin(t);
    const test = await assign(t, owner.candidateId, { test: "en-reading" });
    const notStarted = await page(`/testing/tests/${test}`, owner.cookie);
    expect(Object.keys(readsOf(notStarted))).toEqual(["/api/startup", `/api/tests/show/${test}`]);
    expect(notStarted.body).not.toContain("running.js");

    expect((await api.start(test, owner.cookie)).statusCode).toBe(200);
    await api.save(test, { candidate_test_items: [{ id: "q1", response: "b", seq: 1 }] }, owner.cookie);
    const res = await page(`/testing/tests/${test}`, owner.cookie);
    const reads = readsOf(res);
    const sectionCount = (reads[`/api/tests/show/${test}`] as { sectionCount: number }).sectionCount;
    expect(sectionCount).toBeGreaterThan(1);
    const sections = Array.from({ length: sectionCount }, (_, i) => `/api/test_content/get_section/${test}?section=${i + 1}`);
    expect(Object.keys(reads).sort()).toEqual(["/api/startup", `/api/tests/show/${test}`, `/api/test_content/in_progress/${test}`, ...sections].sort());
    // As the API answers them, but for the time remaining (read a moment apart).
    const timeless = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v: unknown) => (k === "time_limit" || k === "server_time" ? 0 : v))) as unknown;
    expect(timeless(reads[`/api/test_content/in_progress/${test}`])).toEqual(timeless((await answerOf(`/api/test_content/in_progress/${test}`, owner.cookie)).body));
    for (const url of sections) expect(timeless(reads[url])).toEqual(timeless((await answerOf(url, owner.cookie)).body));
    expect(JSON.stringify(reads[sections[0]!])).toContain('"response":"b"');
    const head = res.body.slice(0, res.body.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/flow.js"><link rel="modulepreload" crossorigin href="/assets/running.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/running.css">');

    // Another candidate's page carries none of it.
    const other = await candidateWithLogin(t);
    expect(Object.keys(readsOf(await page(`/testing/tests/${test}`, other.cookie)))).toEqual(["/api/startup"]);
    // Submitted: nothing in progress to carry.
    expect((await api.submit(test, { candidate_test_items: [] }, owner.cookie)).statusCode).toBe(200);
    const done = await page(`/testing/tests/${test}`, owner.cookie);
    expect(Object.keys(readsOf(done))).toEqual(["/api/startup", `/api/tests/show/${test}`]);
    expect(done.body).not.toContain("running.js");
  });

  it("an access code opens its one test in the page too", async () => {
    const owner = await candidateWithLogin(t);
    const first = await assign(t, owner.candidateId, { test: "en-reading" });
    const { id: second, accessCode } = await insertAssignedTest(t, owner.candidateId, { test: "en-writing" });
    const login = await jsonPost(t, "/login", { access_code: accessCode }, { ip: "203.0.113.71" });
    expect(login.statusCode, login.body).toBe(200);
    const byCode = sessionCookieOf(login)!;
    expect(Object.keys(readsOf(await page(`/testing/tests/${second}`, byCode)))).toContain(`/api/tests/show/${second}`);
    expect((await answerOf(`/api/tests/show/${first}`, byCode)).status).toBe(404);
    expect(Object.keys(readsOf(await page(`/testing/tests/${first}`, byCode)))).toEqual(["/api/startup"]);
  });

  it("a read the server refuses is left to the browser to ask (and show its message): a visitor's Take a Test", async () => {
    expect((await answerOf("/api/tests/list")).status).toBe(401);
    expect(Object.keys(readsOf(await page("/testing/tests")))).toEqual(["/api/startup"]);
  });

  it("an answer that would close the element is written escaped, and reads back the same", async () => {
    const owner = await candidateWithLogin(t);
    const name = `</script><script>alert(1)</script><!--`;
    await t.ctx.db.update(users).set({ firstName: name }).where(eq(users.id, owner.userId));
    const res = await page("/testing/tests", owner.cookie);
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body).not.toContain("<!--");
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    const startup = readsOf(res)["/api/startup"] as { userFlags: { firstName: string } };
    expect(startup.userFlags.firstName).toBe(name);
  });

  it("names its screen's files in the head, with the strings of the startup data's language", async () => {
    const owner = await candidateWithLogin(t);
    const english = (await page("/testing/tests", owner.cookie)).body;
    const head = english.slice(0, english.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/list.js"><link rel="modulepreload" crossorigin href="/assets/en.js">');
    expect((await page("/testing/tests?lang=zh-HANS", owner.cookie)).body).toContain('href="/assets/hans.js"');
    expect((await page("/login")).body).not.toContain("modulepreload");
  });

  it("goes compressed to a browser that accepts it", async () => {
    const owner = await candidateWithLogin(t);
    const res = await page("/testing/tests", owner.cookie, { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("Accept-Encoding");
    const html = brotliDecompressSync(res.rawPayload).toString("utf8");
    expect(Object.keys(readsOf(res, html))).toEqual(["/api/startup", "/api/tests/list"]);
  });
});
