import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { queueMail } from "./outbox.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("developer mailbox", () => {
  it("needs a session", async () => {
    expect((await t.request({ method: "GET", url: "/api/dev/mailbox" })).statusCode).toBe(401);
  });

  it("is the provider Administrator's only: it holds reset links for any address", async () => {
    const others = ["user@northwind.example", "admin@northwind.example", "admin@contoso.example", "candidate@northwind.example", "executive@parlance.example", "evaluator@parlance.example", "news@parlance.example"];
    for (const email of others) {
      const cookie = await t.signIn(email);
      expect((await t.request({ method: "GET", url: "/api/dev/mailbox?page=1", cookie })).statusCode, email).toBe(403);
      expect((await t.request({ method: "GET", url: "/api/startup", cookie })).json().devMailbox, email).toBe(false);
    }
    const admin = await t.signIn("admin@parlance.example");
    expect((await t.request({ method: "GET", url: "/api/startup", cookie: admin })).json().devMailbox).toBe(true);
    expect((await t.request({ method: "GET", url: "/api/startup" })).json().devMailbox).toBe(false);
  });

  it("lists every outbox mail newest first, paged", async () => {
    for (let i = 1; i <= PAGE_SIZE + 2; i++) await queueMail(t.ctx, { to: `m${i}@nowhere.example`, subject: `Mail ${i}`, text: `Body ${i}`, template: "test" });
    const cookie = await t.signIn("admin@parlance.example");
    const first = (await t.request({ method: "GET", url: "/api/dev/mailbox?page=1", cookie })).json();
    expect(first.itemCount).toBe(PAGE_SIZE + 2);
    expect(first.pageCount).toBe(2);
    expect(first.mails).toHaveLength(PAGE_SIZE);
    expect(first.mails[0]).toMatchObject({ to: `m${PAGE_SIZE + 2}@nowhere.example`, subject: `Mail ${PAGE_SIZE + 2}`, text: `Body ${PAGE_SIZE + 2}`, sent_at: null });
    expect(typeof first.mails[0].created_at).toBe("string");
    const second = (await t.request({ method: "GET", url: "/api/dev/mailbox?page=2", cookie })).json();
    expect(second.mails.map((m: { to: string }) => m.to)).toEqual(["m2@nowhere.example", "m1@nowhere.example"]);
    expect((await t.request({ method: "GET", url: "/api/dev/mailbox?page=abc", cookie })).statusCode).toBe(400);
  });
});

describe("in production", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ config: { production: true } });
  });
  afterAll(async () => prod?.close());

  it("has no developer mailbox, says so in startup, and marks the session cookie Secure", async () => {
    const res = await prod.request({ method: "POST", url: "/login", body: { email_address: "admin@parlance.example", password: "Parlance-demo-1" } });
    const cookie = res.cookies.find((c) => c.name === "parlance_session");
    expect(cookie?.secure).toBe(true);
    const session = `parlance_session=${cookie?.value}`;
    expect((await prod.request({ method: "GET", url: "/api/dev/mailbox", cookie: session })).statusCode).toBe(404);
    expect((await prod.request({ method: "GET", url: "/api/startup", cookie: session })).json().devMailbox).toBe(false);
  });
});
