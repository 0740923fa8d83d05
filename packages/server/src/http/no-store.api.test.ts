import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { createTestApp, testDatabaseKind, type TestApp } from "../test/harness.js";
import { openPostgres } from "../db/client.js";
import { installErrorHandler } from "./error-handler.js";

/** Answers with personal data are never stored by a browser or proxy; a slow statement is cut off; a conflict of two transactions is a 503, not a fault. */
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

describe.runIf(testDatabaseKind === "postgres")("transaction conflict", () => {
  it("a deadlock PostgreSQL breaks answers 503 with Retry-After and a message, not a 500", async () => {
    const database = await openPostgres(t.databaseUrl!);
    const app = Fastify();
    installErrorHandler(app);
    // Two transactions take two locks in opposite orders; PostgreSQL ends one of them (after deadlock_timeout).
    const crossing = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${first})`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select pg_advisory_xact_lock(${second})`);
        return { ok: true };
      });
    app.get("/crossing/:order", async (req) => ((req.params as { order: string }).order === "ab" ? crossing(91_001, 91_002) : crossing(91_002, 91_001)));
    try {
      const answers = await Promise.all(["ab", "ba"].map((order) => app.inject({ method: "GET", url: `/crossing/${order}` })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 503]);
      const refused = answers.find((r) => r.statusCode === 503)!;
      expect(refused.headers["retry-after"]).toBe("1");
      expect(refused.json()).toEqual({ message: "The server was busy with another change. Please try again.", messageKey: "errors.conflict" });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
