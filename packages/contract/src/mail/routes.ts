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
  /** Development tool: never registered in production. */
  mailbox: defineRoute({
    method: "GET",
    path: "/api/dev/mailbox",
    input: z.object({ page: pageInput }),
    output: z.object({ mails: z.array(outboxMail), itemCount: z.number().int(), pageCount: z.number().int() }),
    access: "signedIn",
    summary: "Developer mailbox: every mail the server wrote, newest first (not in production)",
  }),
} as const;
