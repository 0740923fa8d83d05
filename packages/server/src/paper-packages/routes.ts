import type { FastifyRequest } from "fastify";
import { PAPER_SCAN_MAX_BYTES, type paperPackageRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { sendPdf } from "../http/pdf.js";
import { alertProctor, createPackage, downloadPackage, getDownloadLink, getTests, say } from "./packages.js";
import { listOutstanding, unprintedPackages } from "./outstanding.js";
import { receivePaper, scannedResponses } from "./receive.js";

/**
 * The one file of a multipart upload, read whole with toBuffer() so a file over the limit answers
 * 413 with our message (the plugin is registered once for every route, app.ts).
 */
async function uploadedFile(req: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  if (!req.isMultipart()) throw say(400, "fileRequired");
  try {
    const file = await req.file({ limits: { fileSize: PAPER_SCAN_MAX_BYTES } });
    if (!file) throw say(400, "fileRequired");
    return { data: await file.toBuffer(), filename: file.filename };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw say(413, "fileTooLarge");
    if (code?.startsWith("FST_")) throw say(400, "fileRequired");
    throw err;
  }
}

export const paperPackageHandlers = (ctx: AppContext): AreaHandlers<typeof paperPackageRoutes> => ({
  getTests: ({ scope }) => getTests(ctx, scope),
  create: ({ input, scope }) => createPackage(ctx, scope, input),
  getDownloadLink: ({ input, scope }) => getDownloadLink(ctx, scope, input),
  alert: ({ input, scope }) => alertProctor(ctx, scope, input),
  download: async ({ params, reply }) => sendPdf(reply, await downloadPackage(ctx, params.group_key)),
  listOutstanding: ({ input, scope }) => listOutstanding(ctx, scope, input),
  unprinted: ({ scope }) => unprintedPackages(ctx, scope),
  receiveScan: async ({ params, scope, req }) => {
    const file = await uploadedFile(req);
    const { success, message } = await receivePaper(ctx, scope, params.id, { scan: file.data, filename: file.filename });
    return { success, message };
  },
  receiveEntered: async ({ params, input, scope }) => {
    const { success, message } = await receivePaper(ctx, scope, params.id, { text: input.responses });
    return { success, message };
  },
  scannedResponses: async ({ params, scope, reply }) => sendPdf(reply, await scannedResponses(ctx, scope, params)),
});
