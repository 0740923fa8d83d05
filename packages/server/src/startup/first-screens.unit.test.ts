import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { firstScreensOf } from "./first-screens.js";

const dist = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-first-screens-"));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
fs.writeFileSync(
  path.join(dist, "first-screens.json"),
  JSON.stringify({
    screens: [
      { path: "/testing/tests/:id", scripts: ["assets/flow.js"], styles: ["assets/flow.css"], strings: { "en-US": ["assets/en.js"], "zh-HANS": ["assets/hans.js"] } },
      { path: "/testing/tests/choose_account/:ids", scripts: ["assets/choose.js"], styles: [], strings: {} },
      { path: "/testing/tests", scripts: ["assets/list.js", "../../etc/passwd", "assets/x.js\"><script>"], styles: [], strings: {} },
      { path: "*", scripts: ["assets/any.js"], styles: [], strings: {} },
    ],
    parts: { "test-in-progress": { scripts: ["assets/running.js", "assets/flow.js", "/etc/x.js"], styles: ["assets/running.css"] } },
  }),
);
const { linksFor } = firstScreensOf(dist);

describe("a page's first-screen hints", () => {
  it("names the screen's code, strings of the page's language and styles", () => {
    expect(linksFor("/testing/tests/12", "zh-HANS")).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/flow.js"><link rel="modulepreload" crossorigin href="/assets/hans.js"><link rel="preload" as="style" crossorigin href="/assets/flow.css">',
    );
    expect(linksFor("/testing/tests/12")).toContain("/assets/en.js");
  });

  it("the route with more written-out segments wins, as in the router; an unknown page gets none", () => {
    expect(linksFor("/testing/tests/choose_account/1,2")).toBe('<link rel="modulepreload" crossorigin href="/assets/choose.js">');
    expect(linksFor("/testing/tests/12/extra")).toBe("");
    expect(linksFor("/nowhere")).toBe("");
  });

  it("writes only the build's own file names", () => {
    expect(linksFor("/testing/tests")).toBe('<link rel="modulepreload" crossorigin href="/assets/list.js">');
  });

  it("adds the files of the parts the page's answers show, each once; an unknown part adds none", () => {
    expect(linksFor("/testing/tests/12", "en-US", ["test-in-progress", "toString"])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/flow.js"><link rel="modulepreload" crossorigin href="/assets/en.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/running.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/flow.css"><link rel="preload" as="style" crossorigin href="/assets/running.css">',
    );
  });

  it("a build of before the parts (its screens alone): the screens' hints, no part", () => {
    const older = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-first-screens-"));
    fs.writeFileSync(path.join(older, "first-screens.json"), JSON.stringify([{ path: "/testing/tests/:id", scripts: ["assets/flow.js"], styles: [], strings: {} }]));
    expect(firstScreensOf(older).linksFor("/testing/tests/12", "en-US", ["test-in-progress"])).toBe('<link rel="modulepreload" crossorigin href="/assets/flow.js">');
    fs.rmSync(older, { recursive: true, force: true });
  });

  it("a build without the list: no hints", () => {
    expect(firstScreensOf(path.join(dist, "missing")).linksFor("/testing/tests")).toBe("");
  });
});
