import type { takingRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { guardedInStatement } from "../http/register-route.js";
import { deliverFile } from "../attempts/index.js";
import { audioAccess, checkStatus, getSection, heartbeat, inProgressTest, saveProgress, startTest, submitTest } from "./service.js";

/** /api/test_content/* and /api/heartbeat: the contract's takingRoutes, each a thin call into the service. */
export const takingHandlers = (ctx: AppContext): AreaHandlers<typeof takingRoutes> => ({
  start: ({ params, scope }) => startTest(ctx, scope, params),
  inProgress: ({ params, scope }) => inProgressTest(ctx, scope, params),
  section: ({ params, input, scope }) => getSection(ctx, scope, { ...params, ...input }),
  // The autosave: one statement checks the session, the attempt and writes (save-statement.ts).
  save: guardedInStatement<typeof takingRoutes.save>(({ params, input, session }) => saveProgress(ctx, session, params, input)),
  submit: ({ params, input, scope }) => submitTest(ctx, scope, params, input),
  status: ({ params, scope }) => checkStatus(ctx, scope, params),
  requestAudio: ({ params, input, scope }) => audioAccess(ctx, scope, params, input, false),
  grantAudio: ({ params, input, scope }) => audioAccess(ctx, scope, params, input, true),
  heartbeat: ({ input, scope }) => heartbeat(ctx, scope, input),
  // A sealed answers file (issue 27): the logic is the attempts area's.
  deliver: ({ params, input, scope }) => deliverFile(ctx, scope, params.id, input.file),
});
