import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionDump } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS, type TestApp } from "../test/harness.js";
import { hashSecret } from "../auth/tokens.js";

/** GET /api/session: the Administrator's session page. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t?.close());

describe("GET /api/session", () => {
  it("shows the Administrator their session's variables, roles and permissions, never its secret", async () => {
    const cookie = await t.signIn("admin@parlance.example");
    const res = await t.request({ method: "GET", url: "/api/session", cookie });
    expect(res.statusCode, res.body).toBe(200);
    const dump = res.json() as SessionDump;
    const value = (name: string) => dump.variables.find((v) => v.name === name)?.value;
    expect(value("email_address")).toBe("admin@parlance.example");
    expect(value("user_id")).toBe(t.ids.users["admin@parlance.example"]);
    expect(value("method")).toBe("password");
    expect(value("impersonator_user_id")).toBeNull();
    expect(dump.roles).toEqual([{ id: 0, name: "Administrator" }, { id: 14, name: "User" }]);
    expect(dump.permissions).toContain("viewSession");
    const secret = cookie.split("=")[1];
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(hashSecret(secret));
  });

  it("is the Administrator's only: others 403, signed out 401, input refused", async () => {
    for (const email of [...ROLE_EMAILS, "executive@parlance.example", "news@parlance.example", "evaluator@parlance.example"]) {
      expect((await t.request({ method: "GET", url: "/api/session", cookie: await t.signIn(email) })).statusCode, email).toBe(403);
    }
    expect((await t.request({ method: "GET", url: "/api/session" })).statusCode).toBe(401);
  });
});
