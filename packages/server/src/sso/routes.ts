import type { FastifyReply } from "fastify";
import { ssoErrorKey, type ssoRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { actorWithoutSession, audit } from "../audit/audit.js";
import { createSession, destroySession, SESSION_COOKIE } from "../auth/sessions.js";
import { pathWithQuery, seeOther, setSessionCookie } from "../auth/http.js";
import { users } from "../db/schema.js";
import { eq } from "drizzle-orm";
import { finishSso, SSO_ATTEMPT_MS, SsoRefusal, startSso } from "./service.js";

/** The cookie binding a sign-in under way to the browser that began it (its secret; the database keeps the hash). */
export const SSO_COOKIE = "parlance_sso";
const COOKIE_PATH = "/sso";

/**
 * GET /sso/start and GET /sso/callback: a browser navigates through both (303 redirects). A
 * refusal is audited and sends the browser back to /login with the reason's message key.
 */
export const ssoHandlers = (ctx: AppContext): AreaHandlers<typeof ssoRoutes> => {
  const refuse = async (reply: FastifyReply, err: unknown, ip: string, email?: string) => {
    if (!(err instanceof SsoRefusal)) throw err;
    await audit(ctx, { actor: actorWithoutSession(null, ip), action: "auth.sso_refused", details: { reason: err.error, ...(err.detail ? { detail: err.detail.slice(0, 500) } : {}), ...(email ? { email } : {}) } });
    return seeOther(reply, pathWithQuery("/login", { error: ssoErrorKey(err.error), email }));
  };
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: "lax" as const, secure: ctx.config.production };

  return {
    start: async ({ input, req, reply }) => {
      try {
        const { secret, url } = await startSso(ctx, input);
        reply.setCookie(SSO_COOKIE, secret, { ...cookieOptions, maxAge: SSO_ATTEMPT_MS / 1000 });
        return seeOther(reply, url.href);
      } catch (err) {
        return refuse(reply, err, req.ip, input.email_address);
      }
    },
    callback: async ({ req, reply }) => {
      const secret = req.cookies[SSO_COOKIE];
      reply.clearCookie(SSO_COOKIE, cookieOptions);
      // The URL the provider sent the browser to, as openid-client checks it (state, iss, code).
      const currentUrl = new URL(req.url, ctx.config.publicUrl);
      let who;
      try {
        who = await finishSso(ctx, secret, currentUrl, req.ip);
      } catch (err) {
        return refuse(reply, err, req.ip);
      }
      // Rotate: whatever session the browser had ends; the new one gets a fresh id.
      const previous = req.cookies[SESSION_COOKIE];
      if (previous) await destroySession(ctx.db, previous);
      setSessionCookie(reply, ctx.config, await createSession(ctx.db, ctx.config, who.userId, { method: "sso" }));
      await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, who.userId));
      await audit(ctx, { action: "auth.sign_in", actor: actorWithoutSession(who.userId, req.ip), accountId: who.accountId, targetType: "user", targetId: who.userId, details: { method: "sso" } });
      return seeOther(reply, who.next ?? "/overview");
    },
  };
};
