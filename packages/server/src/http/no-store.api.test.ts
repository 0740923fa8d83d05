import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { createTestApp, testDatabaseKind, type TestApp } from "../test/harness.js";
import { openPostgres } from "../db/client.js";
import { installErrorHandler } from "./error-handler.js";

/** Answers with personal data are never stored by a browser or proxy; a slow statement is cut off. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  admin = await t.signIn("admin@northwind.example");
});
afterAll(() => t?.close());

describe("Cache-Control: no-store on every API answer", () => {
  it("startup, searches, a candidate's history, sign-in and errors all say no-store", async () => {
    const northwindCandidate = t.ids.history.demoCandidate.northwind;
    const answers = [
      await t.request({ method: "GET", url: "/api/startup", cookie: admin }),
      await t.request({ method: "GET", url: "/api/startup" }),
      await t.request({ method: "POST", url: "/api/candidates/search", cookie: admin, body: { query: "", page: 1 } }),
      await t.request({ method: "GET", url: `/api/test_history/get_history?candidate_profile_id=${northwindCandidate}`, cookie: admin }),
      await t.request({ method: "GET", url: "/api/test_history/search?page=1", cookie: admin }),
      await t.request({ method: "POST", url: "/login", body: { email_address: "user@northwind.example", password: "wrong-Password-1" } }),
      await t.request({ method: "GET", url: "/api/tests/list", cookie: admin }),
      await t.request({ method: "GET", url: "/api/candidates/form?id=999999", cookie: admin }),
    ];
    for (const res of answers) expect(res.headers["cache-control"], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe("no-store");
  });

  it("a download keeps no-store too", async () => {
    const res = await t.request({ method: "GET", url: "/api/test_history/file?format=csv&query=", cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe.runIf(testDatabaseKind === "postgres")("statement timeout", () => {
  it("cancels a statement past the limit, and the answer is a 503 with a message, not a 500", async () => {
    const database = await openPostgres(t.databaseUrl!, { statementTimeoutMs: 200 });
    const app = Fastify();
    installErrorHandler(app);
    app.get("/slow", async () => database.sql.query("SELECT pg_sleep(2)"));
    try {
      const res = await app.inject({ method: "GET", url: "/slow" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: "The server took too long to answer. Please try again.", messageKey: "errors.timeout" });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
