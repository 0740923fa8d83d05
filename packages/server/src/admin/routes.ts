import type { FastifyReply, FastifyRequest } from "fastify";
import type { adminRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { actorWithoutSession, audit } from "../audit/audit.js";
import { createSession, destroySession, SESSION_COOKIE } from "../auth/sessions.js";
import { formErrorKey, isFormPost, pathWithQuery, seeOther, setSessionCookie } from "../auth/http.js";
import { addFeatureFlagRule, deleteFeatureFlagRule, featureFlagRuleOptions, listFeatureFlags } from "./feature-flags.js";
import { impersonationTarget, returningUser, searchUsers } from "./impersonation.js";
import { sessionDump } from "./session-dump.js";

/**
 * Administration (evaluators-results-account.md §2): feature flags, impersonation and the session
 * page. Impersonation rotates the session both ways: the old one ends, a new id is set.
 */
export const adminHandlers = (ctx: AppContext): AreaHandlers<typeof adminRoutes> => {
  /** Ends the browser's session and opens a new one for `userId` (acting for `impersonatorUserId`, if set). */
  const rotateTo = async (req: FastifyRequest, reply: FastifyReply, userId: number, impersonatorUserId: number | null) => {
    const previous = req.cookies[SESSION_COOKIE];
    if (previous) await destroySession(ctx.db, previous);
    setSessionCookie(reply, ctx.config, await createSession(ctx.db, ctx.config, userId, { method: "password" }, impersonatorUserId));
  };

  return {
    getRules: () => listFeatureFlags(ctx),
    deleteRule: ({ scope, input }) => deleteFeatureFlagRule(ctx, scope, input),
    addRule: ({ scope, input }) => addFeatureFlagRule(ctx, scope, input),
    ruleOptions: () => featureFlagRuleOptions(ctx),
    searchUsers: ({ scope, input }) => searchUsers(ctx, scope, input),
    impersonateUser: async ({ scope, input, req, reply }) => {
      const form = isFormPost(req);
      let target;
      try {
        target = await impersonationTarget(ctx, scope, input);
      } catch (err) {
        if (!form) throw err;
        return seeOther(reply, pathWithQuery("/impersonate", { error: formErrorKey(err) }));
      }
      await rotateTo(req, reply, target.id, scope.userId);
      await audit(ctx, { actor: scope, action: "impersonation.start", accountId: target.accountId, targetType: "user", targetId: target.id, details: { email: target.email } });
      const redirect = "/overview";
      return form ? seeOther(reply, redirect) : { success: true as const, redirect };
    },
    stopImpersonating: async ({ scope, req, reply }) => {
      const back = await returningUser(ctx, scope);
      // The impersonated session ends either way; without an active impersonator there is no one to return to.
      if (!back) {
        const previous = req.cookies[SESSION_COOKIE];
        if (previous) await destroySession(ctx.db, previous);
        await audit(ctx, { actor: scope, action: "impersonation.stop", targetType: "user", targetId: scope.userId, details: { returned: false } });
        return { success: true as const, redirect: "/login" };
      }
      await rotateTo(req, reply, back.id, null);
      await audit(ctx, { action: "impersonation.stop", actor: actorWithoutSession(back.id, req.ip), accountId: back.accountId, targetType: "user", targetId: scope.userId, details: { returned: true } });
      return { success: true as const, redirect: "/impersonate" };
    },
    session: ({ scope }) => sessionDump(ctx, scope),
  };
};
