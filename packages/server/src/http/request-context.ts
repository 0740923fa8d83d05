import type { FastifyInstance } from "fastify";
import { DEFAULT_LANGUAGE, parseLanguage } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { loadCaller, SESSION_COOKIE } from "../auth/sessions.js";
import { checkSameOrigin } from "./same-origin.js";
import { sessionInStatement } from "./statement-guard.js";
import { isSignedWebhook } from "./signed-webhook.js";
import { isOpsPath } from "../ops/index.js";

export const LANGUAGE_COOKIE = "parlance_lang";

/** Attaches the caller (from the session cookie) and the request language to every request. */
export function installRequestContext(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("caller", null);
  app.decorateRequest("language", DEFAULT_LANGUAGE);
  app.addHook("onRequest", async (req) => {
    // Static assets and the health checks and metrics need neither a session nor a language.
    if (req.url.startsWith("/assets/") || isOpsPath(req.url)) return;
    const secret = req.cookies[SESSION_COOKIE];
    // A route whose statement checks the session itself spares this round trip (statement-guard.ts).
    req.caller = secret && !sessionInStatement(req) ? await loadCaller(ctx.db, ctx.config, secret) : null;
    const query = req.query as Record<string, unknown> | undefined;
    req.language =
      parseLanguage(query?.lang) ?? parseLanguage(req.cookies[LANGUAGE_COOKIE]) ?? req.caller?.language ?? DEFAULT_LANGUAGE;
  });
  // A provider's signed webhook (Twilio) is called server to server: its signature is its check.
  app.addHook("preValidation", async (req) => {
    if (!isSignedWebhook(req)) checkSameOrigin(req, ctx.config.publicUrl);
  });
}
