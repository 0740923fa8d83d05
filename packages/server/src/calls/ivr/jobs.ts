import type { AppContext } from "../../context.js";
import { concludeIdleCalls } from "./engine.js";

export const IDLE_CALLS_JOB = "ivr.concludeIdleCalls";

/** Every 5 minutes, calls nobody has driven for IVR_IDLE_MINUTES end as abandoned (a tab closed mid-call). */
export async function registerCallJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(IDLE_CALLS_JOB, async () => {
    await concludeIdleCalls(ctx);
  });
  await ctx.jobs.schedule(IDLE_CALLS_JOB, "*/5 * * * *");
}
