import type { AppContext } from "../context.js";
import { DELIVER_JOB } from "../mail/outbox.js";
import { NOTIFY_JOB } from "./service.js";

/** An upload's notifications: the mails already in the outbox are handed to the mail queue, a job each. */
export async function registerUploadJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<{ ids: number[] }>(NOTIFY_JOB, async ({ ids }) => {
    for (let i = 0; i < ids.length; i += 1_000) {
      await ctx.jobs.boss.insert(ids.slice(i, i + 1_000).map((id) => ({ name: DELIVER_JOB, data: { id }, retryLimit: 5, retryBackoff: true })));
    }
  });
}
