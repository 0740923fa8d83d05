import { eq } from "drizzle-orm";
import { PERMISSIONS, visibleDepartments, type Language, type Service, type Startup } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { accounts } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import { catalogFor, hasTranslation, translate } from "../i18n/catalog.js";
import { impersonatorOf } from "../admin/index.js";
import { allSsoDomains } from "../sso/index.js";

/** A `?error=` / `?notice=` key from a form redirect, shown translated; anything else is ignored. */
function messageFromKey(language: Language, key: unknown): string | undefined {
  if (typeof key !== "string" || !/^(messages|errors)\.[A-Za-z0-9_]+$/.test(key)) return undefined;
  return hasTranslation(language, key) || hasTranslation("en-US", key) ? translate(language, key) : undefined;
}

export interface StartupInput {
  language: Language;
  /** A form redirect's `?error=` / `?notice=` keys. */
  query: { error?: unknown; notice?: unknown };
}

/** The data every screen receives: language, translations, who is signed in and what they may do. */
export async function buildStartup(ctx: Pick<AppContext, "db" | "config">, scope: Scope | null, { language, query }: StartupInput): Promise<Startup> {
  const authorized = Object.fromEntries(PERMISSIONS.map((p) => [p, scope?.permissions.has(p) ?? false])) as Startup["authorized"];
  const startup: Startup = {
    language,
    // The server's own messages; the screens' strings ship with the web app, so the payload stays
    // small however many screens there are.
    translations: { messages: catalogFor(language).messages },
    authorized,
    enableSSO: ctx.config.sso !== null,
    devMailbox: !ctx.config.production && (scope?.permissions.has("devMailbox") ?? false),
  };
  const error = messageFromKey(language, query.error);
  const notice = messageFromKey(language, query.notice);
  // Signed out (the sign-in page), the client accounts' domains too (back office); signed in, the configured ones.
  if (ctx.config.sso) startup.ssoDomains = scope ? ctx.config.sso.domains : await allSsoDomains(ctx, ctx.config.sso);
  if (error) startup.error = error;
  if (notice) startup.notice = notice;
  if (!scope) return startup;
  // Who is signed in as the screens show them: the user's own account (a password candidate's
  // user keeps its account, which the scope's reach leaves out).
  const { user } = scope;

  const [account] = user.accountId
    ? await ctx.db.select().from(accounts).where(eq(accounts.id, user.accountId)).limit(1)
    : [];
  startup.userFlags = {
    firstName: user.firstName,
    roles: scope.roles,
    shouldViewPasswordChange: scope.permissions.has("changePassword"),
    username: user.email,
    userId: scope.userId,
    visibleDepartments: visibleDepartments(
      account
        ? { services: account.services as Service[], usesProctorService: account.usesProctorService, prepay: account.prepay, invoiced: account.invoiced }
        : null,
    ),
  };
  if (account) startup.account = { id: account.id, name: account.name, officeId: user.officeId };
  if (scope.impersonatorUserId !== null) startup.impersonatedBy = await impersonatorOf(ctx, scope.impersonatorUserId);
  return startup;
}
