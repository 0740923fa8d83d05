import type { FastifyInstance } from "fastify";
import { assignmentMessages, assignmentRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { clientScopeOf } from "../history/records.js";
import {
  assignmentOptionsFor,
  availableMedicalTestGroups,
  availableTests,
  cancelLiveTest,
  createTests,
  deleteTest,
} from "./service.js";

/** /api/test_assignment/*: the contract's assignmentRoutes, each a thin call into the service. */
export function registerAssignmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  registerRoute(app, assignmentRoutes.options, ({ params, caller }) => assignmentOptionsFor(db, clientScopeOf(caller), params.id));

  registerRoute(app, assignmentRoutes.availableTests, ({ params, caller }) => availableTests(db, clientScopeOf(caller), params.id));

  registerRoute(app, assignmentRoutes.availableMedicalTestGroups, ({ params, caller }) =>
    availableMedicalTestGroups(db, clientScopeOf(caller), params.id),
  );

  registerRoute(app, assignmentRoutes.createTests, ({ params, input, caller }) =>
    createTests(ctx, caller, clientScopeOf(caller), params.candidateProfileId, {
      testObjects: input.test_objects,
      officeId: input.office_id,
      notifyCandidate: input.notify_candidate,
      requiresLiveProctor: input.requires_live_proctor,
      useProctorService: input.use_proctor_service,
      administerNow: input.administer_now,
      allowCandidateToSchedule: input.allow_candidate_to_schedule,
      useMedicalTestRecommendations: input.use_medical_test_recommendations,
    }),
  );

  registerRoute(app, assignmentRoutes.deleteTest, async ({ input, caller, req }) => {
    await deleteTest(db, caller, clientScopeOf(caller), input.id, req.ip);
    return { success: true, message: assignmentMessages.deleted, messageKey: "assignment.messages.deleted" };
  });

  registerRoute(app, assignmentRoutes.deleteLiveTest, async ({ input, caller, req }) => {
    const kind = await cancelLiveTest(db, caller, clientScopeOf(caller), input.id, req.ip);
    const name = kind === "early" ? "cancelledEarly" : "cancelledLate";
    return { success: true, message: assignmentMessages[name], messageKey: `assignment.messages.${name}` };
  });
}
