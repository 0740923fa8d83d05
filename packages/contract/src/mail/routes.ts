import { z } from "zod";
import { defineRoute } from "../route.js";
import { pageInput } from "../common/paging.js";

/** One mail of the outbox as the developer mailbox shows it. */
export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  template: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const mailRoutes = {
  /** Development tool: never registered in production, and only for the provider's Administrator. */
  mailbox: defineRoute({
    method: "GET",
    path: "/api/dev/mailbox",
    input: z.object({ page: pageInput }),
    output: z.object({ mails: z.array(outboxMail), itemCount: z.number().int(), pageCount: z.number().int() }),
    // It holds password-reset and activation links for any address: the provider's Administrator only.
    access: "devMailbox",
    failure: "listLoadFailure",
    summary: "Developer mailbox: every mail the server wrote, newest first (not in production; Administrator only)",
  }),
} as const;
