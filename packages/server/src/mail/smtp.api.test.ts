import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { createTestApp, type TestApp } from "../test/harness.js";
import { mailOutbox } from "../db/schema.js";
import { jsonPost, keyFromText } from "../auth/test-support.js";
import { queueMail } from "./outbox.js";

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let t: TestApp;
const received: Received[] = [];

/** Undoes quoted-printable soft breaks and escapes, enough to find a link in a received mail. */
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("reject")) return callback(new Error("550 mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("mail delivery by SMTP", () => {
  it("sends a reset mail with its link and marks it sent", async () => {
    const email = "admin@northwind.example";
    expect((await jsonPost(t, "/send_password_reset", { email_address: email })).statusCode).toBe(200);
    const mail = await waitFor(() => received.find((m) => m.to.includes(email)));
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("Subject: Reset your Parlance password");
    expect(body).toContain(`${t.ctx.config.publicUrl}/set_reset_password?key=${keyFromText(row.textBody)}`);
    const sent = await waitFor(async () => {
      const [r] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      return r.sentAt ? r : undefined;
    });
    expect(sent.attempts).toBe(1);
    expect(sent.lastError).toBeNull();
  });

  it("records a refused delivery and leaves the mail unsent for a retry", async () => {
    const id = await queueMail(t.ctx, { to: "reject@nowhere.example", subject: "Hello", text: "Body", template: "test" });
    const failed = await waitFor(async () => {
      const [r] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return r.lastError ? r : undefined;
    });
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(failed.lastError).toMatch(/550|unavailable/);
  });
});
