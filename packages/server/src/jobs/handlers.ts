import type { AppContext } from "../context.js";
import { purgeExpiredSessions } from "../auth/sessions.js";
import { purgeOldHits } from "../auth/rate-limit.js";
import { deliverMail } from "../mail/deliver.js";
import { DELIVER_JOB } from "../mail/outbox.js";
import { registerTakingJobs } from "../attempts/index.js";
import { registerResultsJobs } from "../results/scoring/notify.js";
import { registerUploadJobs } from "../upload/notify.js";
import { registerPaperJobs } from "../paper-packages/package-pdf.js";
import { registerVideoJobs } from "../video/stale-sessions.js";
import { registerCallJobs } from "../calls/ivr/jobs.js";

/** Every background job the server runs. Areas add theirs here. */
export async function registerJobHandlers(ctx: AppContext): Promise<void> {
  await ctx.jobs.work("sessions.purge", async () => purgeExpiredSessions(ctx.db, ctx.config));
  await ctx.jobs.schedule("sessions.purge", "*/15 * * * *");
  await ctx.jobs.work<{ id: number }>(DELIVER_JOB, (data) => deliverMail(ctx, data));
  await ctx.jobs.work("rateLimit.purge", async () => purgeOldHits(ctx.db));
  await ctx.jobs.schedule("rateLimit.purge", "7 * * * *");
  await registerTakingJobs(ctx);
  await registerResultsJobs(ctx);
  await registerUploadJobs(ctx);
  await registerPaperJobs(ctx);
  await registerVideoJobs(ctx);
  await registerCallJobs(ctx);
}
