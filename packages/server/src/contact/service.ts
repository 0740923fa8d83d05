import { and, count, eq, gt } from "drizzle-orm";
import { CONTACT_MESSAGES_PER_HOUR, CONTACT_RECIPIENTS, contactMessages, type ContactMessage, type ContactPurpose } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { accounts, contactRequests, users } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";
import { queueMail } from "../mail/outbox.js";

const say = (status: number, name: ContactMessage) => new HttpError(status, contactMessages[name], `contact.messages.${name}`);

/** English names of the recipients, for the mail's subject (the screen translates its own). */
const RECIPIENT_NAMES: Record<ContactPurpose, string> = {
  translation: "Translation",
  testingOperations: "Testing operations",
  trainingOperations: "Training operations",
  trainingSales: "Training sales",
  generalAccounts: "Accounts",
  testingAndGeneralSales: "Testing and general sales",
};

/**
 * Mails the caller's message to the recipient its purpose names (through the outbox), with who
 * wrote it and their account so the desk can answer; kept in contact_requests. At most
 * CONTACT_MESSAGES_PER_HOUR a user an hour.
 */
export async function sendContactRequest(ctx: Pick<AppContext, "db" | "jobs">, scope: Scope, input: { message: string; purpose: ContactPurpose }): Promise<void> {
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(contactRequests)
    .where(and(eq(contactRequests.userId, scope.userId), gt(contactRequests.createdAt, new Date(Date.now() - 3_600_000))));
  if ((recent?.n ?? 0) >= CONTACT_MESSAGES_PER_HOUR) throw say(429, "tooMany");
  const [who] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, scope.userId));
  const [account] = scope.accountId === null ? [] : await ctx.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, scope.accountId));
  const [stored] = await ctx.db.insert(contactRequests).values({ userId: scope.userId, purpose: input.purpose, message: input.message }).returning({ id: contactRequests.id });
  try {
    const from = `${who!.firstName} ${who!.lastName} <${who!.email}>${account ? `, ${account.name}` : ""}`;
    const mailId = await queueMail(ctx, {
      to: CONTACT_RECIPIENTS[input.purpose].email,
      subject: `Portal message #${stored!.id} for ${RECIPIENT_NAMES[input.purpose]}`,
      text: `A message came from the portal's contact page.\n\nFrom: ${from}\nReply to: ${who!.email}\n\n${input.message}\n`,
      template: "contact-request",
    });
    await ctx.db.update(contactRequests).set({ mailId }).where(eq(contactRequests.id, stored!.id));
  } catch {
    await ctx.db.delete(contactRequests).where(eq(contactRequests.id, stored!.id));
    throw say(503, "failed");
  }
}
