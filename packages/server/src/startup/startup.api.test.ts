import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PERMISSIONS } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { users } from "../db/schema.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const startupAs = async (email?: string, query = "") => {
  const cookie = email ? await t.signIn(email) : undefined;
  const res = await t.request({ method: "GET", url: `/api/startup${query}`, cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe("GET /api/startup", () => {
  it("answers a visitor with every flag false, no user and the English catalog", async () => {
    const s = await startupAs();
    expect(s.userFlags).toBeUndefined();
    expect(s.account).toBeUndefined();
    expect(Object.keys(s.authorized).sort()).toEqual([...PERMISSIONS].sort());
    expect(Object.values(s.authorized).every((v) => v === false)).toBe(true);
    expect(s.language).toBe("en-US");
    expect(s.translations.messages.invalidCredentials).toBe("The email address or password is incorrect.");
    expect(s.enableSSO).toBe(false);
    // The developer mailbox is the provider Administrator's alone (mail/mailbox.api.test.ts).
    expect(s.devMailbox).toBe(false);
  });

  it("gives the flags of each role", async () => {
    const cases: [string, string[], string[]][] = [
      ["admin@northwind.example", ["settings", "offices", "manageOffices", "candidates", "changePassword"], ["tests", "viewSession"]],
      ["office.admin@northwind.example", ["settings", "offices", "candidates"], ["manageOffices", "proctorSettings"]],
      ["user@northwind.example", ["candidates", "testHistory"], ["settings", "offices", "users"]],
      ["candidate@northwind.example", ["tests"], ["candidates", "settings", "results"]],
      ["evaluator@parlance.example", ["results", "evaluatorSchedule", "evaluatorDocuments"], ["candidates", "viewSession"]],
      ["admin@parlance.example", ["viewSession", "manageNews"], ["settings", "impersonate", "tests"]],
    ];
    for (const [email, granted, denied] of cases) {
      const s = await startupAs(email);
      for (const p of granted) expect(s.authorized[p], `${email} ${p}`).toBe(true);
      for (const p of denied) expect(s.authorized[p], `${email} ${p}`).toBe(false);
    }
  });

  it("describes the signed-in user and their account", async () => {
    const s = await startupAs("office.admin@northwind.example");
    expect(s.userFlags).toEqual({
      firstName: "Carmen",
      roles: [18, 14],
      shouldViewPasswordChange: true,
      username: "office.admin@northwind.example",
      visibleDepartments: ["testing", "training", "translation", "interpretation"],
      userId: t.ids.users["office.admin@northwind.example"],
    });
    expect(s.account).toEqual({ id: t.ids.accounts.northwind, name: "Northwind Health", officeId: t.ids.offices.northwind[0] });
    const contoso = await startupAs("admin@contoso.example");
    expect(contoso.userFlags.visibleDepartments).toEqual(["testing", "translation"]);
    expect(contoso.account).toEqual({ id: t.ids.accounts.contoso, name: "Contoso Legal", officeId: null });
    const staff = await startupAs("admin@parlance.example");
    expect(staff.account).toBeUndefined();
  });

  it("follows ?lang=, then the language cookie, then the user's choice", async () => {
    const hans = await startupAs(undefined, "?lang=zh-HANS");
    expect(hans.language).toBe("zh-HANS");
    expect(hans.translations.messages.invalidCredentials).toBe("电子邮件地址或密码不正确。");
    const res = await t.request({ method: "POST", url: "/api/account/language", body: { language: "zh-HANT" } });
    const cookie = res.cookies.find((c) => c.name === "parlance_lang");
    expect(cookie?.value).toBe("zh-HANT");
    expect(cookie?.maxAge).toBe(365 * 24 * 3600);
    const viaCookie = await t.request({ method: "GET", url: "/api/startup", cookie: "parlance_lang=zh-HANT" });
    expect(viaCookie.json().language).toBe("zh-HANT");
    expect(viaCookie.json().translations.messages.invalidCredentials).toBe("電子郵件地址或密碼不正確。");
    expect(viaCookie.json().translations.mail).toBeUndefined();
  });

  it("remembers a signed-in user's language choice", async () => {
    const email = "admin@contoso.example";
    const cookie = await t.signIn(email);
    expect((await t.request({ method: "POST", url: "/api/account/language", cookie, body: { language: "zh-HANS" } })).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row.language).toBe("zh-HANS");
    expect((await t.request({ method: "GET", url: "/api/startup", cookie })).json().language).toBe("zh-HANS");
    expect((await t.request({ method: "POST", url: "/api/account/language", cookie, body: { language: "fr-FR" } })).statusCode).toBe(400);
  });

  it("shows a known ?error= or ?notice= key translated and ignores anything else", async () => {
    const s = await startupAs(undefined, "?error=messages.invalidCredentials&notice=messages.passwordChanged&lang=zh-HANT");
    expect(s.error).toBe("電子郵件地址或密碼不正確。");
    expect(s.notice).toBe("您的密碼已變更。請登入。");
    const junk = await startupAs(undefined, "?error=%3Cscript%3E&notice=messages.nope");
    expect(junk.error).toBeUndefined();
    expect(junk.notice).toBeUndefined();
  });

  it("is never cached", async () => {
    const res = await t.request({ method: "GET", url: "/api/startup" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
