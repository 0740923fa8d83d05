import type { FastifyInstance } from "fastify";
import { count, desc } from "drizzle-orm";
import { mailRoutes, PAGE_SIZE, pageCountOf } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { mailOutbox } from "../db/schema.js";
import { registerRoute } from "../http/register-route.js";

/**
 * The developer mailbox: every mail in the outbox, newest first. A development tool (app.ts
 * registers it only outside production), so it is not scoped to an account.
 */
export function registerMailboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, mailRoutes.mailbox, async ({ input }) => {
    const [{ total }] = await ctx.db.select({ total: count() }).from(mailOutbox);
    const rows = await ctx.db
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
  });
}
