import type { backofficeContentRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { checkUpload, publishUpload } from "./service.js";
import { contentVersions } from "./versions.js";

/** /api/backoffice/tests/{id}/content[/check|/publish]: each route a thin call into the services. */
export const backofficeContentHandlers = (ctx: AppContext): AreaHandlers<typeof backofficeContentRoutes> => ({
  versions: ({ params, input, scope }) => contentVersions(ctx, scope, params, input),
  check: ({ params, scope, req }) => checkUpload(ctx, scope, params, req),
  publish: ({ params, scope, req }) => publishUpload(ctx, scope, params, req),
});
