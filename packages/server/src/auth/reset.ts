import type { AppContext } from "../context.js";
import { tooManyRequests } from "../http/errors.js";
import { mailResetLink } from "./keys.js";
import { consume, type RateRule } from "./rate-limit.js";

const HOUR = 3600_000;

/** Reset requests: at most 3 an hour per email address and 10 an hour per client address. */
export const resetRules = (email: string, ip: string): RateRule[] => [
  { bucket: `reset:email:${email.toLowerCase()}`, limit: 3, windowMs: HOUR },
  { bucket: `reset:ip:${ip}`, limit: 10, windowMs: HOUR },
];

/**
 * Counts the request against the limits (429 over them), then mails a link if the address is an
 * active user's. The caller answers the same whether or not it was, so no account is revealed.
 */
export async function requestPasswordReset(ctx: Pick<AppContext, "db" | "config" | "jobs">, email: string, ip: string): Promise<void> {
  if (!(await consume(ctx.db, resetRules(email, ip)))) throw tooManyRequests();
  await mailResetLink(ctx, email, ip);
}
