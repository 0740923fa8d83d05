import type { AppContext } from "../context.js";
import { purgeExpiredSessions } from "../auth/sessions.js";

/** Every background job the server runs. Areas add theirs here. */
export async function registerJobHandlers(ctx: AppContext): Promise<void> {
  await ctx.jobs.work("sessions.purge", async () => purgeExpiredSessions(ctx.db, ctx.config));
  await ctx.jobs.schedule("sessions.purge", "*/15 * * * *");
}
