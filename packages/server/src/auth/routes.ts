import type { FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { safeNextPath, type authRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { comesFromAnotherSite } from "../http/same-origin.js";
import { buildStartup } from "../startup/index.js";
import { audit } from "../audit/audit.js";
import { AUTH_MESSAGES, messageKey } from "./messages.js";
import { authenticate, isCodeSignIn, recordSignIn, redirectAfterSignIn } from "./login-service.js";
import { findUsableKey, setPasswordWithKey, type KeyKind } from "./keys.js";
import { requestPasswordReset } from "./reset.js";
import { createSession, destroySession, SESSION_COOKIE } from "./sessions.js";
import type { Scope } from "./scope.js";
import { clearSessionCookie, formErrorKey, isFormPost, pathWithQuery, seeOther, setLanguageCookie, setSessionCookie } from "./http.js";

export { createActivationKey, sendActivationMail } from "./keys.js";

/**
 * The startup data, sign-in, sign-out, password reset, account activation and the language
 * choice: HTTP work (cookies, form redirects) here, the rules in the services beside it.
 */
export const authHandlers = (ctx: AppContext): AreaHandlers<typeof authRoutes> => {
  const login: AreaHandlers<typeof authRoutes>["login"] = async ({ input, req, reply }) => {
    const form = isFormPost(req);
    try {
      const who = await authenticate(ctx, input, req.ip);
      // Rotate: whatever session the browser had ends; the new one gets a fresh id.
      const previous = req.cookies[SESSION_COOKIE];
      if (previous) await destroySession(ctx.db, previous);
      const grant = who.code ? { method: "access_code" as const, candidateId: who.code.candidateId, assignedTestId: who.code.assignedTestId } : { method: "password" as const };
      setSessionCookie(reply, ctx.config, await createSession(ctx.db, ctx.config, who.userId, grant));
      await recordSignIn(ctx, who, req.ip);
      const redirect = redirectAfterSignIn(who, input.next);
      return form ? seeOther(reply, redirect) : { success: true as const, redirect };
    } catch (err) {
      if (!form) throw err;
      const code = isCodeSignIn(input);
      return seeOther(
        reply,
        pathWithQuery("/login", {
          error: formErrorKey(err),
          email: code ? undefined : input.email_address,
          use_code: code ? "1" : undefined,
          next: safeNextPath(input.next) ?? undefined,
        }),
      );
    }
  };

  const signOut = async (scope: Scope | null, req: FastifyRequest, reply: FastifyReply) => {
    const secret = req.cookies[SESSION_COOKIE];
    if (secret) await destroySession(ctx.db, secret);
    if (scope) await audit(ctx, { actor: scope, action: "auth.sign_out", targetType: "user", targetId: scope.userId });
    clearSessionCookie(reply, ctx.config);
  };

  const sendPasswordReset: AreaHandlers<typeof authRoutes>["sendPasswordReset"] = async ({ input, req, reply }) => {
    const form = isFormPost(req);
    try {
      await requestPasswordReset(ctx, input.email_address, req.ip);
    } catch (err) {
      if (!form) throw err;
      return seeOther(reply, pathWithQuery("/assistance", { error: formErrorKey(err), email: input.email_address }));
    }
    // The same answer whether or not the address has an account.
    if (form) return seeOther(reply, pathWithQuery("/assistance", { notice: messageKey("resetSent") }));
    return { success: true, message: AUTH_MESSAGES.resetSent };
  };

  /** Reset and activation share the rules; a form post is answered with a redirect either way. */
  const setPassword = async (kind: KeyKind, secret: string, input: { password: string; password2: string }, req: FastifyRequest, reply: FastifyReply) => {
    const form = isFormPost(req);
    const done = kind === "reset" ? "passwordChanged" : "accountActivated";
    try {
      await setPasswordWithKey(ctx, { secret, kind, password: input.password, password2: input.password2, ip: req.ip });
    } catch (err) {
      if (!form) throw err;
      const back = kind === "reset" ? pathWithQuery("/set_reset_password", { key: secret }) : `/setup_account/${encodeURIComponent(secret)}`;
      return seeOther(reply, `${back}${back.includes("?") ? "&" : "?"}error=${encodeURIComponent(formErrorKey(err))}`);
    }
    if (form) return seeOther(reply, pathWithQuery("/login", { notice: messageKey(done) }));
    return { success: true, message: AUTH_MESSAGES[done] };
  };
  return {
    // Public: answers for the signed-in user or for a visitor.
    startup: ({ scope, req }) =>
      buildStartup(ctx, scope, {
        language: req.language,
        // A form redirect's message keys are not part of the route's input: read from the query as it came.
        query: req.query as { error?: unknown; notice?: unknown },
      }),
    login,
    logout: async ({ scope, req, reply }) => {
      await signOut(scope, req, reply);
      return isFormPost(req) ? seeOther(reply, "/login") : { success: true, message: AUTH_MESSAGES.signedOut };
    },
    // GET /logout stays (the spec's link), but a link or image on another site must not sign
    // anyone out: such a request goes to the home page with the session untouched.
    logoutPage: async ({ scope, req, reply }) => {
      if (comesFromAnotherSite(req, ctx.config.publicUrl)) return seeOther(reply, "/");
      await signOut(scope, req, reply);
      return seeOther(reply, "/login");
    },
    sendPasswordReset,
    setResetPassword: ({ input, req, reply }) => setPassword("reset", input.key, input, req, reply),
    setupAccount: ({ input, params, req, reply }) => setPassword("activation", params.key, input, req, reply),
    checkKey: async ({ input, params }) => {
      const owner = await findUsableKey(ctx, params.key, input.kind);
      return owner ? { valid: true, username: owner.email } : { valid: false };
    },
    setLanguage: async ({ input, scope, reply }) => {
      setLanguageCookie(reply, ctx.config, input.language);
      if (scope) await ctx.db.update(users).set({ language: input.language }).where(eq(users.id, scope.userId));
      return { success: true };
    },
  };
};
