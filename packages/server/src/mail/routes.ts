import { count, desc } from "drizzle-orm";
import { PAGE_SIZE, pageCountOf, type mailRoutes } from "@parlance/contract";
import type { AppContext, DbContext } from "../context.js";
import { mailOutbox } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import type { AreaHandlers, InputOf } from "../http/implement-area.js";

/**
 * The developer mailbox: every mail in the outbox, newest first. A development tool (api-areas.ts
 * registers it only outside production), so it is not scoped to an account.
 */
export async function mailbox({ db }: DbContext, _scope: Scope, input: InputOf<typeof mailRoutes.mailbox>) {
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox);
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(PAGE_SIZE)
    .offset((input.page - 1) * PAGE_SIZE);
  return {
    mails: rows.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      template: m.template,
      created_at: m.createdAt.toISOString(),
      sent_at: m.sentAt ? m.sentAt.toISOString() : null,
    })),
    itemCount: total,
    pageCount: pageCountOf(total),
  };
}

export const mailHandlers = (ctx: AppContext): AreaHandlers<typeof mailRoutes> => ({
  mailbox: ({ input, scope }) => mailbox(ctx, scope, input),
});
