import type { FastifyInstance } from "fastify";
import { proctorRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { authorizeProctor, submitAgreement } from "./service.js";

/** The exam password and the proctor agreement (contract: taking/proctor.ts). */
export function registerProctoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, proctorRoutes.authorize, ({ input, caller, req }) => authorizeProctor(ctx, caller, input, req.ip));
  registerRoute(app, proctorRoutes.agreement, ({ input, caller, req }) => submitAgreement(ctx, caller, input, req.ip));
}
