import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ROLE_EMAILS as EMAILS, type TestApp } from "../../test/harness.js";
import { auditLog, resultRecipients } from "../../db/schema.js";

/** /api/resultrecipients/*: recipients at account and office level, global ones, and their rules. */
let t: TestApp;
let boston: number;
let chicago: number;
let contosoHq: number;
const cookies: Record<string, string> = {};

const admin = () => cookies["admin@northwind.example"];
const officeAdmin = () => cookies["office.admin@northwind.example"];
const contoso = () => cookies["admin@contoso.example"];

const list = (body: object, cookie?: string) => t.request({ method: "POST", url: "/api/resultrecipients/list", cookie, body });
const get = (id: number, cookie?: string) => t.request({ method: "GET", url: `/api/resultrecipients/${id}`, cookie });
const edit = (body: object, cookie?: string) => t.request({ method: "POST", url: "/api/resultrecipients/edit", cookie, body });
const del = (id: number, cookie?: string) => t.request({ method: "POST", url: "/api/resultrecipients/delete", cookie, body: { id } });

async function create(body: object, cookie = admin()): Promise<number> {
  const res = await edit(body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
const count = async () => (await t.ctx.db.select({ id: resultRecipients.id }).from(resultRecipients)).length;
const row = async (id: number) => (await t.ctx.db.select().from(resultRecipients).where(eq(resultRecipients.id, id)))[0];
const idsOf = (body: { recipients: { id: number }[] }) => body.recipients.map((r) => r.id);

let accountRecipient: number;
let globalRecipient: number;
let bostonRecipient: number;
let chicagoRecipient: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  [boston, chicago] = t.ids.offices.northwind;
  [contosoHq] = t.ids.offices.contoso;
  for (const email of EMAILS) cookies[email] = await t.signIn(email);
  accountRecipient = await create({ firstName: "Amy", lastName: "Account", emailAddress: "amy@northwind.example" });
  globalRecipient = await create({ firstName: "Gus", lastName: "Global", emailAddress: "gus@northwind.example", isGlobal: true, resultType: "score_only" });
  bostonRecipient = await create({ officeId: boston, firstName: "Bea", lastName: "Boston", emailAddress: "bea@northwind.example" });
  chicagoRecipient = await create({ officeId: chicago, firstName: "Cal", lastName: "Chicago", emailAddress: "cal@northwind.example" });
});
afterAll(() => t?.close());

describe("signed out", () => {
  it("answers 401 on every route", async () => {
    for (const res of [await list({}), await get(accountRecipient), await edit({ emailAddress: "x@y.example" }), await del(accountRecipient)]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("client roles without recipient management", () => {
  for (const email of ["user@northwind.example", "office.user@northwind.example", "candidate@northwind.example"]) {
    it(`${email} gets 403 on every route, and nothing changes`, async () => {
      const c = cookies[email];
      const before = await count();
      for (const res of [
        await list({}, c),
        await list({ officeId: boston }, c),
        await get(bostonRecipient, c),
        await edit({ officeId: boston, emailAddress: "x@y.example" }, c),
        await edit({ id: bostonRecipient, officeId: boston, emailAddress: "x@y.example" }, c),
        await del(bostonRecipient, c),
      ]) {
        expect(res.statusCode).toBe(403);
      }
      expect(await count()).toBe(before);
      expect((await row(bostonRecipient)).email).toBe("bea@northwind.example");
    });
  }
});

describe("account administrator", () => {
  it("lists account-level recipients with the clients list and the global option", async () => {
    const res = await list({}, admin());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = idsOf(body);
    expect(ids.indexOf(accountRecipient)).toBeLessThan(ids.indexOf(globalRecipient));
    expect(ids).not.toContain(bostonRecipient);
    expect(body.recipients.find((r: { id: number }) => r.id === globalRecipient)).toEqual({
      id: globalRecipient,
      name: "Gus Global",
      email: "gus@northwind.example",
      isGlobal: true,
      firstName: "Gus",
      lastName: "Global",
      resultType: "score_only",
      clientId: t.ids.accounts.northwind,
      officeId: null,
      canEdit: true,
    });
    expect(body).toMatchObject({
      itemCount: ids.length,
      pageCount: 1,
      canSetGlobal: true,
      clients: [{ id: t.ids.accounts.northwind, name: "Northwind Health" }],
    });
  });

  it("lists an office's recipients with the account's global ones, without the global option", async () => {
    const body = (await list({ officeId: boston }, admin())).json();
    expect(idsOf(body)).toEqual(expect.arrayContaining([bostonRecipient, globalRecipient]));
    expect(idsOf(body)).not.toContain(accountRecipient);
    expect(idsOf(body)).not.toContain(chicagoRecipient);
    expect(body.canSetGlobal).toBe(false);
  });

  it("accepts a recipient with only names, or only an email; edits keep unsent fields", async () => {
    const byName = await create({ officeId: chicago, firstName: "Only", lastName: "Names" });
    expect(await row(byName)).toMatchObject({ email: "", resultType: "full_report", isGlobal: false, officeId: chicago });
    const byEmail = await create({ clientId: t.ids.accounts.northwind, emailAddress: "results@northwind.example" });
    expect((await get(byEmail, admin())).json()).toMatchObject({ name: "", email: "results@northwind.example", canSetGlobal: true });
    const res = await edit({ id: byEmail, firstName: " Rita ", lastName: "Results", emailAddress: "rita@northwind.example", isGlobal: true }, admin());
    expect(res.json()).toEqual({ success: true, id: byEmail, message: "The result recipient has been saved." });
    expect(await row(byEmail)).toMatchObject({ firstName: "Rita", email: "rita@northwind.example", isGlobal: true, resultType: "full_report" });
    await edit({ id: byEmail, emailAddress: "rita@northwind.example", resultType: "score_only" }, admin());
    expect(await row(byEmail)).toMatchObject({ isGlobal: true, resultType: "score_only", firstName: "" });
  });

  it("refuses a global recipient at office level (400), and nothing changes", async () => {
    const before = await count();
    const res = await edit({ officeId: boston, emailAddress: "x@northwind.example", isGlobal: true }, admin());
    expect(res.statusCode).toBe(400);
    expect(res.json().messageKey).toBe("settingsLists.recipients.messages.globalOnlyAtAccountLevel");
    expect(await count()).toBe(before);
  });

  it("refuses another account as the client (404), and nothing changes", async () => {
    const before = await count();
    const res = await edit({ clientId: t.ids.accounts.contoso, emailAddress: "x@northwind.example" }, admin());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("That client was not found.");
    expect(await count()).toBe(before);
  });

  it("does not move a recipient to another level through edit (404)", async () => {
    const res = await edit({ id: chicagoRecipient, officeId: boston, emailAddress: "moved@northwind.example" }, admin());
    expect(res.statusCode).toBe(404);
    expect(await row(chicagoRecipient)).toMatchObject({ officeId: chicago, email: "cal@northwind.example" });
  });
});

describe("bad input: 400 with the message, and nothing changes", () => {
  const cases: [string, object, string][] = [
    ["nothing filled in", {}, "A required field is missing."],
    ["only blanks", { firstName: " ", lastName: "", emailAddress: "  " }, "A required field is missing."],
    ["a first name over 125", { firstName: "x".repeat(126) }, "First Name must be at most 125 characters."],
    ["a last name over 125", { lastName: "x".repeat(126) }, "Last Name must be at most 125 characters."],
    ["an email over 125", { emailAddress: `${"x".repeat(120)}@example.com` }, "Email Address must be at most 125 characters."],
    ["an email that is not one", { firstName: "A", emailAddress: "nope" }, "Please enter a valid email address."],
    ["a name that is not text", { firstName: 42 }, "The field firstName must be text."],
    ["an unknown result type", { emailAddress: "a@b.example", resultType: "everything" }, "The result type must be full_report or score_only."],
    ["a bad client id", { emailAddress: "a@b.example", clientId: "x" }, "The client id must be a positive whole number."],
    ["a bad id", { emailAddress: "a@b.example", id: 1.5 }, "The result recipient id must be a positive whole number."],
  ];
  for (const [label, body, message] of cases) {
    it(label, async () => {
      const before = await count();
      const res = await edit(body, admin());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await count()).toBe(before);
    });
  }

  it("a bad update leaves the recipient as it was", async () => {
    const res = await edit({ id: bostonRecipient, officeId: boston, firstName: "", lastName: "", emailAddress: "" }, admin());
    expect(res.statusCode).toBe(400);
    expect(await row(bostonRecipient)).toMatchObject({ firstName: "Bea", email: "bea@northwind.example" });
  });
});

describe("office administrator", () => {
  it("sees their office's recipients and the global ones, and may change only their own", async () => {
    const body = (await list({ officeId: boston }, officeAdmin())).json();
    expect(body.canSetGlobal).toBe(false);
    const canEdit = new Map(body.recipients.map((r: { id: number; canEdit: boolean }) => [r.id, r.canEdit]));
    expect(canEdit.get(bostonRecipient)).toBe(true);
    expect(canEdit.get(globalRecipient)).toBe(false);
    expect(canEdit.has(accountRecipient)).toBe(false);
    expect(canEdit.has(chicagoRecipient)).toBe(false);

    const id = await create({ officeId: boston, firstName: "New", lastName: "Boston", emailAddress: "nb@northwind.example" }, officeAdmin());
    expect(await row(id)).toMatchObject({ officeId: boston, accountId: t.ids.accounts.northwind, isGlobal: false });
    expect((await edit({ id, officeId: boston, emailAddress: "nb2@northwind.example", isGlobal: false }, officeAdmin())).statusCode).toBe(200);
    expect((await del(id, officeAdmin())).statusCode).toBe(200);
  });

  it("may not mark a recipient global (403) nor change a global one (403); nothing changes", async () => {
    const before = await count();
    expect((await edit({ officeId: boston, emailAddress: "g@northwind.example", isGlobal: true }, officeAdmin())).statusCode).toBe(403);
    const res = await edit({ id: globalRecipient, officeId: boston, emailAddress: "mine@northwind.example" }, officeAdmin());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("This is an account-level record; only an account administrator can change it.");
    expect((await del(globalRecipient, officeAdmin())).statusCode).toBe(403);
    expect((await get(globalRecipient, officeAdmin())).json()).toMatchObject({ canEdit: false, canSetGlobal: false });
    expect(await count()).toBe(before);
    expect((await row(globalRecipient)).email).toBe("gus@northwind.example");
  });

  it("may not reach the account level (403) nor another office's or a non-global account recipient (404)", async () => {
    expect((await list({}, officeAdmin())).statusCode).toBe(403);
    expect((await edit({ emailAddress: "x@northwind.example" }, officeAdmin())).statusCode).toBe(403);
    expect((await list({ officeId: chicago }, officeAdmin())).statusCode).toBe(404);
    for (const id of [chicagoRecipient, accountRecipient]) {
      expect((await get(id, officeAdmin())).statusCode).toBe(404);
      expect((await edit({ id, officeId: boston, emailAddress: "taken@northwind.example" }, officeAdmin())).statusCode).toBe(404);
      expect((await del(id, officeAdmin())).statusCode).toBe(404);
    }
    expect((await row(chicagoRecipient)).email).toBe("cal@northwind.example");
    expect((await row(accountRecipient)).email).toBe("amy@northwind.example");
  });
});

describe("another account", () => {
  it("gets 404 for Northwind's recipients and offices, never their data, and nothing changes", async () => {
    for (const id of [globalRecipient, bostonRecipient]) {
      const read = await get(id, contoso());
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain("northwind");
      expect((await edit({ id, emailAddress: "mine@contoso.example" }, contoso())).statusCode).toBe(404);
      expect((await del(id, contoso())).statusCode).toBe(404);
    }
    expect((await list({ officeId: boston }, contoso())).statusCode).toBe(404);
    const own = (await list({ officeId: contosoHq }, contoso())).json();
    for (const id of [accountRecipient, globalRecipient, bostonRecipient, chicagoRecipient]) expect(idsOf(own)).not.toContain(id);
    expect(own.clients).toEqual([{ id: t.ids.accounts.contoso, name: "Contoso Legal" }]);
    expect((await row(globalRecipient)).email).toBe("gus@northwind.example");
  });
});

describe("delete", () => {
  it("deletes a recipient and audits it", async () => {
    const id = await create({ officeId: chicago, firstName: "Brief", emailAddress: "brief@northwind.example" });
    const res = await del(id, admin());
    expect(res.json()).toEqual({ success: true, message: "The result recipient has been deleted." });
    expect(await row(id)).toBeUndefined();
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "resultrecipients.delete"), eq(auditLog.targetId, String(id))));
    expect(entry).toMatchObject({ actorUserId: t.ids.users["admin@northwind.example"], accountId: t.ids.accounts.northwind });
    expect(entry.details).toMatchObject({ email: "brief@northwind.example", officeId: chicago });
    expect((await del(id, admin())).statusCode).toBe(404);
  });
});
