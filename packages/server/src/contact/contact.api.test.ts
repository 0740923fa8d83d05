import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, desc, eq } from "drizzle-orm";
import { CONTACT_MESSAGES_PER_HOUR, CONTACT_PURPOSES, CONTACT_RECIPIENTS, CONTACT_TOPICS, contactMessages, purposeOfTopic } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { contactRequests, mailOutbox } from "../db/schema.js";

/** POST /api/contact/send_request (evaluators-results-account.md §3 contact recipients, §5, §7, §8; issue 16 point 5). */
let t: TestApp;
const URL = "/api/contact/send_request";
const cookies: Record<string, string> = {};
const WHO = ["admin@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example", "admin@parlance.example", "evaluator@parlance.example", "news@parlance.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of WHO) cookies[email] = await t.signIn(email);
}, 60_000);
afterAll(() => t?.close());

const send = (body: unknown, who = "admin@northwind.example") => t.request({ method: "POST", url: URL, cookie: cookies[who], body });
const stored = async () => (await t.ctx.db.select({ n: count() }).from(contactRequests))[0]!.n;
const lastMail = async () => (await t.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]!;

describe("sending a message", () => {
  it("mails each of the six recipients what is sent to its purpose, with who wrote it, and answers the spec's message", async () => {
    expect(CONTACT_PURPOSES).toHaveLength(6);
    for (const purpose of CONTACT_PURPOSES) {
      const res = await send({ message: `About ${purpose}: 你好 مرحبا`, purpose });
      expect([res.statusCode, res.json()], purpose).toEqual([200, { success: true, message: "Your message was successfully sent. We'll be in touch shortly." }]);
      const mail = await lastMail();
      expect(mail.toAddress, purpose).toBe(CONTACT_RECIPIENTS[purpose].email);
      expect(mail.textBody).toContain(`About ${purpose}: 你好 مرحبا`);
      expect(mail.textBody).toContain("<admin@northwind.example>, Northwind Health");
      const [row] = await t.ctx.db.select().from(contactRequests).orderBy(desc(contactRequests.id)).limit(1);
      expect([row!.purpose, row!.mailId]).toEqual([purpose, mail.id]);
    }
  });

  it("derives every topic's purpose into one of the recipients", () => {
    for (const topic of Object.keys(CONTACT_TOPICS) as (keyof typeof CONTACT_TOPICS)[]) expect(CONTACT_PURPOSES).toContain(purposeOfTopic(topic));
  });

  it("refuses an empty or too long message and an unknown purpose, sending nothing", async () => {
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ message: "", purpose: "translation" }, contactMessages.messageRequired],
      [{ message: "   ", purpose: "translation" }, contactMessages.messageRequired],
      [{ purpose: "translation" }, contactMessages.messageRequired],
      [{ message: "x".repeat(5001), purpose: "translation" }, contactMessages.messageTooLong],
      [{ message: "hello" }, contactMessages.purposeRequired],
      [{ message: "hello", purpose: "ceo" }, contactMessages.purposeRequired],
      [{ message: 42, purpose: "translation" }, contactMessages.messageRequired],
      [[], ""],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    expect(await stored()).toBe(before);
  });
});

describe("who may send", () => {
  it("any signed-in person (client users, a candidate, the provider's staff); signed out 401", async () => {
    for (const who of WHO.slice(1)) {
      const res = await send({ message: `From ${who}`, purpose: "testingOperations" }, who);
      expect(res.statusCode, who).toBe(200);
      expect((await lastMail()).textBody).toContain(who);
    }
    expect((await t.request({ method: "POST", url: URL, body: { message: "hi", purpose: "translation" } })).statusCode).toBe(401);
  });

  it(`refuses more than ${CONTACT_MESSAGES_PER_HOUR} messages an hour from one user (429)`, async () => {
    const who = "news@parlance.example";
    let last = 200;
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR + 1 && last === 200; i++) last = (await send({ message: `n${i}`, purpose: "generalAccounts" }, who)).statusCode;
    const res = await send({ message: "again", purpose: "generalAccounts" }, who);
    expect([res.statusCode, res.json().message]).toEqual([429, contactMessages.tooMany]);
    const [row] = await t.ctx.db.select({ n: count() }).from(contactRequests).where(eq(contactRequests.purpose, "generalAccounts"));
    expect(row!.n).toBeGreaterThan(0);
  });
});
