import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import type { AppContext } from "./context.js";
import { installErrorHandler } from "./http/error-handler.js";
import { installRequestContext } from "./http/request-context.js";
import { installNotFound } from "./http/web-app.js";
import { registerApiDocs } from "./http/api-docs.js";
import { registerAuthRoutes } from "./auth/routes.js";
import { registerStartupRoutes } from "./startup/routes.js";
import { implementApi } from "./api-areas.js";
import { registerProctorServiceRoutes } from "./settings/proctor-service/routes.js";
import { registerTestingUserRoutes } from "./settings/users/routes.js";
import { registerTestGroupRoutes } from "./settings/packages/routes.js";
import { registerRecipientRoutes } from "./settings/recipients/routes.js";
import { registerMailboxRoutes } from "./mail/routes.js";
import { registerAssignmentRoutes } from "./assignment/routes.js";
import { registerHistoryRoutes } from "./history/routes.js";
import { registerTrackRoutes } from "./tracks/routes.js";
import { registerHealthcareRoutes } from "./healthcare/routes.js";
import { registerCandidateRoutes } from "./candidates/routes.js";
import { registerTakingRoutes } from "./taking/routes.js";
import { registerTestListRoutes } from "./taking/list/routes.js";
import { registerLiveRoutes } from "./taking/live/routes.js";
import { registerTestShowRoutes } from "./taking/show/routes.js";
import { registerProctoringRoutes } from "./proctoring/routes.js";
import { registerMediaRoutes } from "./taking/media/routes.js";
import { registerPaperRoutes } from "./taking/paper/routes.js";
import { registerVerifyRoutes } from "./results/verify/routes.js";
import { registerReportRoutes } from "./results/reports/routes.js";
import { registerScoringRoutes } from "./results/scoring-routes.js";
import { registerEvaluatorRoutes } from "./evaluators/routes.js";

export interface BuildOptions {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  onRoute?: (route: { method: string; url: string }) => void;
}

/** Builds the whole HTTP application on a given context; used by main.ts and by the tests. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: ctx.config.logLevel } : false,
    // Only behind a proxy we run may X-Forwarded-For name the client (rate limits use it).
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (opts.onRoute) {
    const seen = opts.onRoute;
    app.addHook("onRoute", (r) => {
      for (const method of [r.method].flat()) seen({ method, url: r.url });
    });
  }
  await app.register(cookie);
  await app.register(formbody);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: ctx.config.production ? [] : null,
      },
    },
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: ctx.config.production,
  });
  installErrorHandler(app);
  installRequestContext(app, ctx);

  registerAuthRoutes(app, ctx);
  registerStartupRoutes(app, ctx);
  implementApi(app, ctx);
  registerProctorServiceRoutes(app, ctx);
  registerAssignmentRoutes(app, ctx);
  registerHistoryRoutes(app, ctx);
  registerTrackRoutes(app, ctx);
  registerTestingUserRoutes(app, ctx);
  registerTestGroupRoutes(app, ctx);
  registerRecipientRoutes(app, ctx);
  registerHealthcareRoutes(app, ctx);
  registerCandidateRoutes(app, ctx);
  registerTakingRoutes(app, ctx);
  registerTestListRoutes(app, ctx);
  registerLiveRoutes(app, ctx);
  registerTestShowRoutes(app, ctx);
  registerProctoringRoutes(app, ctx);
  registerMediaRoutes(app, ctx);
  registerPaperRoutes(app, ctx);
  registerScoringRoutes(app, ctx);
  registerEvaluatorRoutes(app, ctx);
  registerVerifyRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  if (!ctx.config.production) registerMailboxRoutes(app, ctx);
  await registerApiDocs(app, ctx.config.publicUrl);

  await installNotFound(app, opts.serveWeb ? ctx.config.webDist : null);
  return app;
}
