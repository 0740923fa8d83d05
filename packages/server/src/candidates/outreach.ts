import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { assignedTests, tests } from "../db/schema.js";
import { clientScope, type Scope } from "../auth/scope.js";
import { accountOptions, candidateError, findCandidate, openTestConditions } from "./records.js";
import { audit } from "../audit/audit.js";
import { queueMail } from "../mail/outbox.js";
import { sendActivationMail } from "../auth/keys.js";
import { ensureCandidateUser } from "./candidate-user.js";
import { notifyMail } from "./mail.js";

/** Mails the candidate their open tests with access codes (the mail is a job). */
export async function notifyCandidate(ctx: Pick<AppContext, "db" | "jobs" | "config">, anyScope: Scope, { id }: { id: number }): Promise<void> {
  const scope = clientScope(anyScope);
  const c = await findCandidate(ctx.db, scope, id);
  if (c.email.trim() === "") throw candidateError(422, "noEmail");
  const open = await ctx.db
    .select({ description: tests.description, method: tests.method, accessCode: assignedTests.accessCode, state: assignedTests.state, expiresAt: assignedTests.expiresAt })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(openTestConditions(c.id))
    .orderBy(asc(assignedTests.expiresAt), asc(assignedTests.id));
  if (open.length === 0) throw candidateError(422, "noOpenTests");
  const account = await accountOptions(ctx.db, scope.accountId);
  await queueMail(
    ctx,
    notifyMail({
      to: c.email,
      languageId: c.languageId,
      firstName: c.firstName,
      accountName: account.name,
      signInLink: `${ctx.config.publicUrl}/login?use_code=1`,
      tests: open,
    }),
  );
  await audit(ctx, { actor: scope, action: "candidates.notify", targetType: "candidate", targetId: c.id, details: { tests: open.length } });
}

/** Gives the candidate a sign-in (if they have none) and mails them a link to set their password. */
export async function activateCandidate(ctx: Pick<AppContext, "db" | "jobs" | "config">, anyScope: Scope, { id }: { id: number }): Promise<void> {
  const scope = clientScope(anyScope);
  const c = await findCandidate(ctx.db, scope, id);
  if (c.email.trim() === "") throw candidateError(422, "noEmail");
  const userId = await ctx.db.transaction((tx) => ensureCandidateUser(tx, c.id));
  await sendActivationMail(ctx, userId);
  await audit(ctx, { actor: scope, action: "candidates.activate", targetType: "candidate", targetId: c.id });
}
