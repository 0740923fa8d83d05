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
import { assign, candidateWithLogin } from "../taking/test-fixtures.js";
import { insertAssignedTest } from "../candidates/test-fixtures.js";
import { jsonPost, sessionCookieOf } from "../auth/test-support.js";
import { users } from "../db/schema.js";

/** A page's first reads written into its HTML (startup/page.ts), through the real app serving a built index.html. */
let t: TestApp;
let web: FastifyInstance;
let dist: string;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  t = await createTestApp();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-page-"));
  fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  // The build's list of each screen's files (packages/web/vite-plugins/first-screens.ts).
  const screen = { path: "/testing/tests", scripts: ["assets/list.js"], styles: [], strings: { "en-US": ["assets/en.js"], "zh-HANS": ["assets/hans.js"] } };
  fs.writeFileSync(path.join(dist, "first-screens.json"), JSON.stringify([screen]));
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
