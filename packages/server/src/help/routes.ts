import type { helpRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { evaluatorDocument } from "./documents.js";

/** /files/*.pdf: a page path the browser opens (a registered route answers before the web app's fallback). */
export const helpHandlers = (_ctx: AppContext): AreaHandlers<typeof helpRoutes> => ({
  evaluatorDocument: async ({ params, req, reply }) => {
    const file = await evaluatorDocument(params.file, req.language);
    // Opened in the browser's viewer (a guide is read, not only saved); private and never cached as the others.
    reply.header("content-type", "application/pdf").header("content-disposition", `inline; filename="${file.filename}"`).header("cache-control", "no-store");
    return file.pdf as unknown as string;
  },
});
