import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { redactUrl, requestIdGenerator, serializeError } from "./logging.js";

describe("redactUrl", () => {
  it("replaces path parameters whose name speaks of a key or token, by the route's pattern", () => {
    expect(redactUrl("/api/auth/key/abcDEF123?kind=reset", "/api/auth/key/:key")).toBe("/api/auth/key/[redacted]?kind=reset");
    expect(redactUrl("/api/paper_test_groups/download/G-77", "/api/paper_test_groups/download/:group_key")).toBe("/api/paper_test_groups/download/[redacted]");
    expect(redactUrl("/api/candidates/42", "/api/candidates/:id")).toBe("/api/candidates/42");
  });

  it("replaces the key of the web app's pages no route serves", () => {
    expect(redactUrl("/setup_account/abc")).toBe("/setup_account/[redacted]");
    expect(redactUrl("/invoices/pay/k1/confirmation")).toBe("/invoices/pay/[redacted]/confirmation");
    expect(redactUrl("/testing/results/verified/V-1")).toBe("/testing/results/verified/[redacted]");
    expect(redactUrl("/testing/groups/alert/P-1")).toBe("/testing/groups/alert/[redacted]");
    expect(redactUrl("/testing/candidates")).toBe("/testing/candidates");
  });

  it("replaces secret query values and keeps the rest", () => {
    expect(redactUrl("/x?token=t1&call_id=4&item=q2")).toBe("/x?token=[redacted]&call_id=4&item=q2");
    expect(redactUrl("/sso/callback?code=c&state=s&error=access_denied")).toBe("/sso/callback?code=[redacted]&state=[redacted]&error=access_denied");
    expect(redactUrl("/set_reset_password?key=k&%6Bey=k2&flag")).toBe("/set_reset_password?key=[redacted]&%6Bey=[redacted]&flag");
    expect(redactUrl("/x?access_code=NW-1&password=p&page=2")).toBe("/x?access_code=[redacted]&password=[redacted]&page=2");
  });
});

describe("serializeError", () => {
  it("keeps the SQL of a failed query but never its bound values", () => {
    const err = new DrizzleQueryError("insert into answers values ($1, $2)", ["q8", "my secret answer\nline two"], new Error("deadlock"));
    const logged = serializeError(err);
    expect(logged.message).toBe("Failed query: insert into answers values ($1, $2)\nparams: [redacted]");
    expect(logged.stack).toContain("params: [redacted]");
    expect(JSON.stringify(logged)).not.toContain("secret answer");
    expect(logged.cause).toMatchObject({ type: "Error", message: "deadlock" });
  });

  it("drops a driver's detail (it quotes the offending value)", () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "access_codes_pkey"'), { code: "23505", detail: "Key (code)=(NW-DEMO-2026) already exists." });
    const logged = serializeError(err);
    expect(logged).toMatchObject({ code: "23505", message: 'duplicate key value violates unique constraint "access_codes_pkey"' });
    expect(JSON.stringify(logged)).not.toContain("NW-DEMO-2026");
  });
});

describe("requestIdGenerator", () => {
  const raw = (id?: string) => ({ headers: id === undefined ? {} : { "x-request-id": id } }) as never;
  it("takes a proxy's well-formed X-Request-Id only when the proxy is trusted", () => {
    expect(requestIdGenerator(true)(raw("nginx-4f2a9c"))).toBe("nginx-4f2a9c");
    expect(requestIdGenerator(false)(raw("nginx-4f2a9c"))).not.toBe("nginx-4f2a9c");
    expect(requestIdGenerator(true)(raw('bad id"\n{'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdGenerator(true)(raw())).toMatch(/^[0-9a-f-]{36}$/);
  });
});
