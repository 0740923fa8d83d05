import type { FastifyInstance } from "fastify";
import { healthcareRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { listHealthcareRoles } from "./service.js";

/** /api/healthcare_roles/*: the health care roles page and the candidate form's role choices. */
export function registerHealthcareRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerRoute(app, healthcareRoutes.getRoles, async ({ caller }) => ({ roles: await listHealthcareRoles(db, caller) }));
}
