import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { Role } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS as EMAILS, type TestApp } from "../../test/harness.js";
import { assignedTests, auditLog, candidates, users } from "../../db/schema.js";

/** /api/testingusers/*: who reaches which users, the form's rules, passwords and deletes. */
let t: TestApp;
let boston: number;
let chicago: number;
const cookies: Record<string, string> = {};
const PASSWORD = "Fresh-start-9";

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  [boston, chicago] = t.ids.offices.northwind;
  for (const email of EMAILS) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const admin = () => cookies["admin@northwind.example"];
const officeAdmin = () => cookies["office.admin@northwind.example"];
const contoso = () => cookies["admin@contoso.example"];

const list = (body: object, cookie?: string) => t.request({ method: "POST", url: "/api/testingusers/list", cookie, body });
const get = (id: number, cookie?: string) => t.request({ method: "GET", url: `/api/testingusers/${id}`, cookie });
const edit = (body: object, cookie?: string) => t.request({ method: "POST", url: "/api/testingusers/edit", cookie, body });
const del = (id: number, cookie?: string) => t.request({ method: "POST", url: "/api/testingusers/delete", cookie, body: { id } });

type Row = { id: number; name: string; email: string; isAdministrator: boolean; officeId: number | null; isSelf: boolean };
const rows = async (officeId: number | null): Promise<Row[]> => (await list({ officeId }, admin())).json().users;
const userCount = async () => (await t.ctx.db.select({ id: users.id }).from(users)).length;
const userRow = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];
let seq = 0;
const newEmail = (prefix = "new") => `${prefix}.${++seq}.${Date.now() % 100000}@northwind.example`;
const newUser = (fields: object = {}) => ({ firstName: "Nia", lastName: "Brooks", emailAddress: newEmail(), password: PASSWORD, ...fields });
async function create(fields: object, cookie = admin()): Promise<number> {
  const res = await edit(newUser(fields), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
const canSignIn = async (email: string, password = PASSWORD) =>
  (await t.request({ method: "POST", url: "/login", body: { email_address: email, password } })).statusCode === 200;

describe("signed out", () => {
  it("answers 401 on every route", async () => {
    const id = t.ids.users["user@northwind.example"];
    for (const res of [await list({}), await get(id), await edit(newUser()), await del(id)]) expect(res.statusCode).toBe(401);
  });
});

describe("client roles without user management", () => {
  for (const email of ["user@northwind.example", "office.user@northwind.example", "candidate@northwind.example"]) {
    it(`${email} gets 403 on every route, and nothing changes`, async () => {
      const c = cookies[email];
      const before = await userCount();
      const id = t.ids.users["office.user@northwind.example"];
      for (const res of [
        await list({}, c),
        await list({ officeId: boston }, c),
        await get(id, c),
        await edit(newUser({ officeId: boston }), c),
        await edit({ id, officeId: boston, firstName: "X", lastName: "Y", emailAddress: "x@y.example" }, c),
        await del(id, c),
      ]) {
        expect(res.statusCode).toBe(403);
      }
      expect(await userCount()).toBe(before);
      expect((await userRow(id)).firstName).toBe("Dev");
    });
  }
});

describe("account administrator", () => {
  it("lists account users and administrators at account level, by last name", async () => {
    const res = await list({}, admin());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const names = body.users.map((u: Row) => u.name);
    expect(names.indexOf("Ben Okafor")).toBeLessThan(names.indexOf("Ada Whitfield"));
    expect(body.users).toContainEqual({
      id: t.ids.users["admin@northwind.example"],
      name: "Ada Whitfield",
      firstName: "Ada",
      lastName: "Whitfield",
      email: "admin@northwind.example",
      isAdministrator: true,
      officeId: null,
      isSelf: true,
    });
    expect(body.users).toContainEqual(expect.objectContaining({ email: "user@northwind.example", isAdministrator: false, isSelf: false }));
    // Office users and candidates belong to other lists; another account's users to no list of theirs.
    const emails = body.users.map((u: Row) => u.email);
    for (const e of ["office.admin@northwind.example", "candidate@northwind.example", "admin@contoso.example"]) expect(emails).not.toContain(e);
    expect(body).toMatchObject({ itemCount: body.users.length, pageCount: 1 });
    // officeId null reads as the account level too.
    expect((await list({ officeId: null }, admin())).json().users).toEqual(body.users);
  });

  it("lists an office's users without its candidates", async () => {
    const boston_ = await rows(boston);
    expect(boston_.map((u) => u.email)).toEqual(expect.arrayContaining(["office.admin@northwind.example", "office.user@northwind.example"]));
    expect(boston_.map((u) => u.email)).not.toContain("candidate@northwind.example");
    expect(boston_.find((u) => u.email === "office.admin@northwind.example")).toMatchObject({ isAdministrator: true, officeId: boston });
    expect(await rows(chicago)).toEqual([]);
  });

  it("creates account and office users with the matching roles; they can sign in", async () => {
    const email = newEmail("acct");
    const id = await create({ emailAddress: email, isAdministrator: true });
    expect((await userRow(id)).roles.sort()).toEqual([Role.User, Role.TestingAccountAdministrator].sort());
    expect(await canSignIn(email)).toBe(true);
    const officeEmail = newEmail("chicago");
    const officeUser = await create({ emailAddress: officeEmail, officeId: chicago });
    expect(await userRow(officeUser)).toMatchObject({ officeId: chicago, accountId: t.ids.accounts.northwind });
    expect((await userRow(officeUser)).roles.sort()).toEqual([Role.User, Role.TestingOfficeUser].sort());
    expect((await get(officeUser, admin())).json()).toMatchObject({ email: officeEmail, isAdministrator: false, officeId: chicago, isSelf: false });
  });

  it("edits a user's name, email and access level without touching their password", async () => {
    const email = newEmail();
    const id = await create({ emailAddress: email, officeId: chicago });
    const changed = newEmail("renamed");
    const res = await edit({ id, officeId: chicago, firstName: "Nina", lastName: "Brook", emailAddress: changed, isAdministrator: true }, admin());
    expect(res.json()).toEqual({ success: true, id, message: "The user has been saved." });
    expect((await get(id, admin())).json()).toMatchObject({ name: "Nina Brook", email: changed, isAdministrator: true });
    expect((await userRow(id)).roles).toContain(Role.TestingOfficeAdministrator);
    expect((await userRow(id)).roles).not.toContain(Role.TestingOfficeUser);
    expect(await canSignIn(changed)).toBe(true);
  });

  it("may not set another user's password (422), and nothing changes", async () => {
    const email = newEmail();
    const id = await create({ emailAddress: email });
    const res = await edit({ id, firstName: "Changed", lastName: "Name", emailAddress: email, password: "Other-pass-77" }, admin());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: "Users change only their own password. Point them to the password reset page instead.",
      messageKey: "settingsLists.users.messages.notOwnPassword",
    });
    expect(await canSignIn(email)).toBe(true);
    expect(await canSignIn(email, "Other-pass-77")).toBe(false);
    expect((await userRow(id)).firstName).toBe("Nia");
  });

  it("changes their own password, but not their own access level", async () => {
    const email = newEmail("self");
    await create({ emailAddress: email, isAdministrator: true });
    const me = await t.signIn(email, PASSWORD);
    const myId = (await list({}, me)).json().users.find((u: Row) => u.isSelf).id;
    const res = await edit({ id: myId, firstName: "Nia", lastName: "Brooks", emailAddress: email, password: "Brand-new-42" }, me);
    expect(res.statusCode, res.body).toBe(200);
    expect(await canSignIn(email, "Brand-new-42")).toBe(true);
    expect(await canSignIn(email)).toBe(false);
    const demote = await edit({ id: myId, firstName: "Nia", lastName: "Brooks", emailAddress: email, isAdministrator: false }, me);
    expect(demote.statusCode).toBe(422);
    expect(demote.json().message).toBe("You cannot change your own access level.");
    expect((await userRow(myId)).roles).toContain(Role.TestingAccountAdministrator);
  });

  it("refuses a taken email address, ignoring case (409), and nothing changes", async () => {
    const before = await userCount();
    const res = await edit(newUser({ emailAddress: "USER@northwind.example" }), admin());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: "A user with this email address already exists.", messageKey: "settingsLists.users.messages.emailTaken" });
    // Candidates and other accounts' users hold addresses too.
    expect((await edit(newUser({ emailAddress: "admin@contoso.example" }), admin())).statusCode).toBe(409);
    expect(await userCount()).toBe(before);
    const id = await create({});
    const taken = await edit({ id, firstName: "A", lastName: "B", emailAddress: "candidate@northwind.example" }, admin());
    expect(taken.statusCode).toBe(409);
    expect((await userRow(id)).firstName).toBe("Nia");
  });

  it("does not move a user to another level through edit (404)", async () => {
    const id = await create({ officeId: chicago });
    const res = await edit({ id, firstName: "A", lastName: "B", emailAddress: newEmail() }, admin());
    expect(res.statusCode).toBe(404);
    expect(await userRow(id)).toMatchObject({ officeId: chicago, firstName: "Nia" });
  });
});

describe("bad input: 400 with the spec's message, and nothing changes", () => {
  const cases: [string, object, string][] = [
    ["no first name", { firstName: undefined }, "A required field is missing."],
    ["a blank last name", { lastName: "   " }, "A required field is missing."],
    ["no email", { emailAddress: null }, "A required field is missing."],
    ["no password for a new user", { password: "" }, "A required field is missing."],
    ["a first name over 25", { firstName: "x".repeat(26) }, "First Name must be at most 25 characters."],
    ["a last name over 25", { lastName: "x".repeat(26) }, "Last Name must be at most 25 characters."],
    ["an email over 125", { emailAddress: `${"x".repeat(120)}@example.com` }, "Email Address must be at most 125 characters."],
    ["an email that is not one", { emailAddress: "not an email" }, "Please enter a valid email address."],
    ["a password over 25", { password: "Aa1!".repeat(7) }, "Password must be at most 25 characters."],
    ["a weak password", { password: "password" }, "Use 8 to 25 characters with three of: upper case, lower case, numbers and symbols."],
    ["a short password", { password: "Ab1!" }, "Use 8 to 25 characters with three of: upper case, lower case, numbers and symbols."],
    ["an access level that is not a boolean", { isAdministrator: "yes" }, "The field isAdministrator must be true or false."],
    ["a bad office id", { officeId: "Boston" }, "The office id must be a positive whole number."],
    ["a bad id", { id: "x" }, "The user id must be a positive whole number."],
  ];
  for (const [label, fields, message] of cases) {
    it(label, async () => {
      const before = await userCount();
      const res = await edit(newUser(fields), admin());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await userCount()).toBe(before);
    });
  }

  it("a blank name on an existing user leaves it as it was", async () => {
    const id = await create({});
    const res = await edit({ id, firstName: "", lastName: "B", emailAddress: newEmail() }, admin());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("A required field is missing.");
    expect((await userRow(id)).firstName).toBe("Nia");
  });

  it("bad list and delete input", async () => {
    expect((await list({ page: 0 }, admin())).json().message).toBe("The page must be a whole number of at least 1.");
    expect((await list({ officeId: -3 }, admin())).json().message).toBe("The office id must be a positive whole number.");
    const res = await t.request({ method: "POST", url: "/api/testingusers/delete", cookie: admin(), body: { id: "abc" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The user id must be a positive whole number.");
    expect((await get(0, admin())).statusCode).toBe(400);
  });
});

describe("office administrator", () => {
  it("lists and manages their own office's users only", async () => {
    const res = await list({ officeId: boston }, officeAdmin());
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toContainEqual(expect.objectContaining({ email: "office.admin@northwind.example", isSelf: true }));
    const email = newEmail("boston");
    const created = await edit(newUser({ emailAddress: email, officeId: boston, isAdministrator: true }), officeAdmin());
    expect(created.statusCode).toBe(200);
    expect((await userRow(created.json().id)).roles).toContain(Role.TestingOfficeAdministrator);
    expect((await del(created.json().id, officeAdmin())).statusCode).toBe(200);
  });

  it("may not reach the account level (403) nor another office (404); nothing changes", async () => {
    const before = await userCount();
    expect((await list({}, officeAdmin())).statusCode).toBe(403);
    expect((await edit(newUser(), officeAdmin())).statusCode).toBe(403);
    expect((await list({ officeId: chicago }, officeAdmin())).statusCode).toBe(404);
    expect((await edit(newUser({ officeId: chicago }), officeAdmin())).statusCode).toBe(404);
    const accountUser = t.ids.users["user@northwind.example"];
    expect((await get(accountUser, officeAdmin())).statusCode).toBe(404);
    expect((await edit({ id: accountUser, officeId: boston, firstName: "X", lastName: "Y", emailAddress: "x@y.example" }, officeAdmin())).statusCode).toBe(404);
    expect((await del(accountUser, officeAdmin())).statusCode).toBe(404);
    const chicagoUser = await create({ officeId: chicago });
    expect((await get(chicagoUser, officeAdmin())).statusCode).toBe(404);
    expect((await del(chicagoUser, officeAdmin())).statusCode).toBe(404);
    expect(await userCount()).toBe(before + 1);
    expect((await userRow(accountUser)).firstName).toBe("Ben");
  });

  it("cannot delete themselves (422)", async () => {
    const me = t.ids.users["office.admin@northwind.example"];
    const res = await del(me, officeAdmin());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("You cannot delete your own user.");
    expect((await userRow(me)).isActive).toBe(true);
  });
});

describe("another account", () => {
  it("gets 404 for Northwind's users and offices, never their data, and nothing changes", async () => {
    const id = t.ids.users["office.user@northwind.example"];
    const read = await get(id, contoso());
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain("Patel");
    expect((await list({ officeId: boston }, contoso())).statusCode).toBe(404);
    expect((await edit({ id, officeId: boston, firstName: "X", lastName: "Y", emailAddress: "x@y.example" }, contoso())).statusCode).toBe(404);
    expect((await edit({ id: t.ids.users["user@northwind.example"], firstName: "X", lastName: "Y", emailAddress: "x@y.example" }, contoso())).statusCode).toBe(404);
    expect((await del(id, contoso())).statusCode).toBe(404);
    expect(await userRow(id)).toMatchObject({ firstName: "Dev", isActive: true });
    const own = (await list({}, contoso())).json().users.map((u: Row) => u.email);
    expect(own).toContain("admin@contoso.example");
    expect(own).not.toContain("admin@northwind.example");
  });
});

describe("delete", () => {
  const auditOf = async (id: number) =>
    t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "testingusers.delete"), eq(auditLog.targetId, String(id))));

  it("deletes a user without history, and audits it", async () => {
    const email = newEmail("gone");
    const id = await create({ emailAddress: email });
    const res = await del(id, admin());
    expect(res.json()).toEqual({ success: true, deactivated: false, message: "The user has been deleted." });
    expect(await userRow(id)).toBeUndefined();
    expect((await rows(null)).map((u) => u.id)).not.toContain(id);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ actorUserId: t.ids.users["admin@northwind.example"], accountId: t.ids.accounts.northwind });
    expect(entry.details).toMatchObject({ email, how: "removed" });
    expect((await del(id, admin())).statusCode).toBe(404);
  });

  it("deactivates a user who assigned tests: gone from lists and sign-in, history intact; the address can come back", async () => {
    const email = newEmail("history");
    const id = await create({ emailAddress: email, officeId: chicago });
    const session = await t.signIn(email, PASSWORD);
    const account = t.ids.accounts.northwind;
    const [candidate] = await t.ctx.db.insert(candidates).values({ accountId: account, officeId: chicago, firstName: "Lee", lastName: "Ng" }).returning();
    const accountTestId = t.ids.catalogue.accountTests[account]["en-reading"];
    const [assigned] = await t.ctx.db
      .insert(assignedTests)
      .values({
        accountId: account,
        officeId: chicago,
        candidateId: candidate.id,
        accountTestId,
        testId: t.ids.catalogue.tests["en-reading"],
        accessCode: `HIST-${id}`,
        state: "takeable",
        expiresAt: new Date(Date.now() + 86_400_000),
        assignedByUserId: id,
      })
      .returning();

    const res = await del(id, admin());
    expect(res.json()).toEqual({
      success: true,
      deactivated: true,
      message: "The user has history, so they were deactivated: they no longer appear in lists and cannot sign in.",
    });
    expect(await userRow(id)).toMatchObject({ isActive: false });
    expect((await rows(chicago)).map((u) => u.id)).not.toContain(id);
    expect((await get(id, admin())).statusCode).toBe(404);
    expect(await canSignIn(email)).toBe(false);
    expect((await list({ officeId: chicago }, session)).statusCode).toBe(401);
    const [still] = await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, assigned.id));
    expect(still.assignedByUserId).toBe(id);
    expect((await auditOf(id))[0].details).toMatchObject({ how: "deactivated" });

    // Adding the address again brings the same user back, at the level chosen now.
    const again = await edit(newUser({ emailAddress: email, officeId: boston }), admin());
    expect(again.json().id).toBe(id);
    expect(await userRow(id)).toMatchObject({ isActive: true, officeId: boston });
    expect(await canSignIn(email)).toBe(true);
  });

  it("a testing user who is also a candidate keeps their sign-in and loses only the testing role", async () => {
    const email = newEmail("both");
    const id = await create({ emailAddress: email });
    await t.ctx.db.update(users).set({ roles: [Role.TestingAccountUser, Role.User, Role.Candidate] }).where(eq(users.id, id));
    const res = await del(id, admin());
    expect(res.json().deactivated).toBe(false);
    expect((await userRow(id)).roles.sort()).toEqual([Role.User, Role.Candidate].sort());
    expect((await rows(null)).map((u) => u.id)).not.toContain(id);
  });

  it("an account administrator cannot delete themselves (422)", async () => {
    const res = await del(t.ids.users["admin@northwind.example"], admin());
    expect(res.statusCode).toBe(422);
    expect(res.json().messageKey).toBe("settingsLists.users.messages.cannotDeleteSelf");
  });
});
