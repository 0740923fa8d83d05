import { and, count, eq, gt } from "drizzle-orm";
import {
  INTERPRETATION_DESK,
  INTERPRETATION_REQUESTS_PER_HOUR,
  interpretationMessages,
  type InterpretationMessage,
  type InterpretationRequest,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import { accounts, interpretationRequests, users } from "../db/schema.js";
import { clientScope, ownRows, type Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";
import { queueMail } from "../mail/outbox.js";
import { interpretationMail } from "./mail.js";

const say = (status: number, name: InterpretationMessage) => new HttpError(status, interpretationMessages[name], `interpretation.messages.${name}`);

/**
 * Stores an interpretation request of the caller's account and mails it to the interpretation desk
 * through the outbox. The form's key makes a second send of one form the same request (stored and
 * mailed once, answered the same). A user sends at most INTERPRETATION_REQUESTS_PER_HOUR an hour.
 */
export async function submitInterpretationRequest(ctx: Pick<AppContext, "db" | "jobs">, anyScope: Scope, request: InterpretationRequest): Promise<void> {
  const scope = clientScope(anyScope);
  const [again] = await ctx.db
    .select({ id: interpretationRequests.id })
    .from(interpretationRequests)
    .where(and(ownRows(interpretationRequests.userId, scope), eq(interpretationRequests.key, request.key)));
  if (again) return;
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(interpretationRequests)
    .where(and(ownRows(interpretationRequests.userId, scope), gt(interpretationRequests.createdAt, new Date(Date.now() - 3_600_000))));
  if ((recent?.n ?? 0) >= INTERPRETATION_REQUESTS_PER_HOUR) throw say(429, "tooMany");

  const [stored] = await ctx.db
    .insert(interpretationRequests)
    .values({ key: request.key, accountId: scope.accountId, userId: scope.userId, formType: request.form_type, request })
    .onConflictDoNothing()
    .returning({ id: interpretationRequests.id });
  // Two sends of one form at once: the other stored it and mails it.
  if (!stored) return;
  try {
    const [who] = await ctx.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, account: accounts.name })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, scope.accountId))
      .where(eq(users.id, scope.userId));
    const mailId = await queueMail(ctx, interpretationMail(INTERPRETATION_DESK.email, stored.id, request, who!));
    await ctx.db.update(interpretationRequests).set({ mailId }).where(eq(interpretationRequests.id, stored.id));
  } catch (err) {
    // Not mailed is not submitted: the request goes, so sending the form again tries afresh.
    await ctx.db.delete(interpretationRequests).where(eq(interpretationRequests.id, stored.id));
    if (err instanceof HttpError) throw err;
    throw say(503, "failed");
  }
}
