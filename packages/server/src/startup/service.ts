import { eq } from "drizzle-orm";
import { PERMISSIONS, visibleDepartments, type Language, type Service, type Startup } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { accounts } from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import { catalogFor, hasTranslation, translate } from "../i18n/catalog.js";

/** A `?error=` / `?notice=` key from a form redirect, shown translated; anything else is ignored. */
function messageFromKey(language: Language, key: unknown): string | undefined {
  if (typeof key !== "string" || !/^(messages|errors)\.[A-Za-z0-9_]+$/.test(key)) return undefined;
  return hasTranslation(language, key) || hasTranslation("en-US", key) ? translate(language, key) : undefined;
}

/** The data every screen receives: language, translations, who is signed in and what they may do. */
export async function buildStartup(
  ctx: Pick<AppContext, "db" | "config">,
  caller: Caller | null,
  language: Language,
  query: { error?: unknown; notice?: unknown },
): Promise<Startup> {
  const authorized = Object.fromEntries(PERMISSIONS.map((p) => [p, caller?.permissions.has(p) ?? false])) as Startup["authorized"];
  const startup: Startup = {
    language,
    // The server's own messages; the screens' strings ship with the web app, so the payload stays
    // small however many screens there are.
    translations: { messages: catalogFor(language).messages },
    authorized,
    enableSSO: false,
    devMailbox: !ctx.config.production && (caller?.permissions.has("devMailbox") ?? false),
  };
  const error = messageFromKey(language, query.error);
  const notice = messageFromKey(language, query.notice);
  if (error) startup.error = error;
  if (notice) startup.notice = notice;
  if (!caller) return startup;

  const [account] = caller.accountId
    ? await ctx.db.select().from(accounts).where(eq(accounts.id, caller.accountId)).limit(1)
    : [];
  startup.userFlags = {
    firstName: caller.firstName,
    roles: caller.roles,
    shouldViewPasswordChange: caller.permissions.has("changePassword"),
    username: caller.email,
    userId: caller.userId,
    visibleDepartments: visibleDepartments(
      account
        ? { services: account.services as Service[], usesProctorService: account.usesProctorService, prepay: account.prepay, invoiced: account.invoiced }
        : null,
    ),
  };
  if (account) startup.account = { id: account.id, name: account.name, officeId: caller.officeId };
  return startup;
}
