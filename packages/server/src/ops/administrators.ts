import { and, arrayContains, asc, eq, sql } from "drizzle-orm";
import { Role, type Language } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import { pgCode } from "../db/pg-code.js";
import { audit } from "../audit/audit.js";
import { sendActivationMail } from "../auth/keys.js";
import { deliverMail } from "../mail/deliver.js";
import { DELIVER_JOB } from "../mail/outbox.js";

/**
 * The provider's Administrators from the command line (cli/admin.ts): the first one on an empty
 * database, a list of them, and a new activation link. No password ever passes through here: the
 * Administrator sets one through the activation link mailed to them.
 */

type Ctx = Pick<AppContext, "db" | "config" | "jobs">;

export interface NewAdministrator {
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
}

export interface AdministratorRow {
  id: number;
  email: string;
  name: string;
  /** active: has a password; pending: not activated yet; deactivated: may not sign in. */
  state: "active" | "pending" | "deactivated";
  lastLoginAt: Date | null;
}

/** How the activation mail went: sent now by SMTP, or left in the outbox (no SMTP, or SMTP failed: the server's job retries). */
export type MailOutcome = { sent: true } | { sent: false; reason: "noSmtp" } | { sent: false; reason: "smtpFailed"; error: string };

const isAdministrator = arrayContains(users.roles, [Role.Administrator]);

/** Creates an Administrator without a password; null when the address is taken (by anyone, any case). */
export async function createAdministrator(ctx: Pick<AppContext, "db">, a: NewAdministrator): Promise<number | null> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${a.email})`).limit(1);
      if (taken) return null;
      const roles = [Role.Administrator, Role.User];
      const [created] = await tx
        .insert(users)
        .values({ email: a.email, firstName: a.firstName, lastName: a.lastName, language: a.language, roles, accountId: null, officeId: null, passwordHash: null })
        .returning({ id: users.id });
      await audit({ db: tx }, { actor: null, action: "users.create_administrator_cli", targetType: "user", targetId: created.id, details: { roles } });
      return created.id;
    });
  } catch (err) {
    // The same address created at the same moment by another process.
    if (pgCode(err) === "23505") return null;
    throw err;
  }
}

export async function listAdministrators(ctx: Pick<AppContext, "db">): Promise<AdministratorRow[]> {
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, isActive: users.isActive, activated: sql<boolean>`${users.passwordHash} IS NOT NULL`, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(isAdministrator)
    .orderBy(asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim(),
    state: !r.isActive ? "deactivated" : r.activated ? "active" : "pending",
    lastLoginAt: r.lastLoginAt,
  }));
}

/** The active Administrator with this address (any case), or null. */
export async function findAdministrator(ctx: Pick<AppContext, "db">, email: string): Promise<{ id: number; email: string } | null> {
  const [row] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isAdministrator, eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Mails a new activation link (auth/keys.ts: a single-use key valid ACTIVATION days) through the
 * outbox. With SMTP_URL the mail is sent at once, so it arrives whether or not the server runs;
 * should that fail, or without SMTP, the mail's delivery job is queued and the server's jobs
 * handle it as any other mail. Answers the link (for --print-link) and how the mail went.
 */
export async function mailActivationLink(ctx: Ctx, userId: number): Promise<{ link: string; outcome: MailOutcome }> {
  // The delivery job is held back: sending now ourselves, a server's worker must not send it too.
  const held: { name: string; data: object }[] = [];
  const holding: Ctx = {
    ...ctx,
    jobs: {
      ...ctx.jobs,
      send: async (name, data) => {
        held.push({ name, data });
        return null;
      },
    },
  };
  const link = await sendActivationMail(holding, userId);
  let outcome: MailOutcome = { sent: false, reason: "noSmtp" };
  for (const job of held) {
    if (job.name === DELIVER_JOB && ctx.config.smtpUrl) {
      try {
        await deliverMail(ctx, job.data as { id: number });
        outcome = { sent: true };
        continue;
      } catch (err) {
        outcome = { sent: false, reason: "smtpFailed", error: err instanceof Error ? err.message : String(err) };
      }
    }
    await ctx.jobs.send(job.name, job.data);
  }
  return { link, outcome };
}
