import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installNotFound } from "./web-app.js";

/** The built app's files as the web build leaves them: each with its .br and .gz copy (vite-plugins/precompress.ts). */
let dist: string;
let app: FastifyInstance;
const script = "export const answer = 42;\n".repeat(200);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-web-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
  fs.writeFileSync(path.join(dist, "assets/app.js"), script);
  fs.writeFileSync(path.join(dist, "assets/app.js.br"), brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, "assets/app.js.gz"), gzipSync(script));
  app = Fastify();
  await installNotFound(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe("the built web app's files", () => {
  it("go compressed to a browser that accepts brotli or gzip, as they are to one that does not", async () => {
    const br = await app.inject({ method: "GET", url: "/assets/app.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await app.inject({ method: "GET", url: "/assets/app.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ method: "GET", url: "/assets/app.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("named by their content's hash are kept by the browser for good; index.html is asked for again each time", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app.js", headers: { "accept-encoding": "br" } });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const plain = await app.inject({ method: "GET", url: "/assets/app.js" });
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await app.inject({ method: "GET", url: "/testing/tests", headers: { accept: "text/html" } });
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it("still answer a page's address with index.html", async () => {
    const page = await app.inject({ method: "GET", url: "/testing/tests", headers: { accept: "text/html", "accept-encoding": "br" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("id=root");
  });
});
