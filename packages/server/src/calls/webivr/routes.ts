import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { IVR_MAX_RESPONSE_BYTES, ivrMessages, type ivrResultRoutes, type webIvrRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import { sendBytes } from "../../http/byte-range.js";
import { parseOrThrow } from "../../http/validation.js";
import { scoreableFor } from "../../results/index.js";
import { acceptCall, callView, endCall, noResponse, promptAudio, promptPlayed, recordResponse, requestRepeat, startCall } from "../ivr/engine.js";
import { ivrError, responseFile, type RecordedAudio } from "../ivr/store.js";
import { beginWebCall, issueToken, requireCall } from "./service.js";

const badRange = () => new HttpError(416, "The requested range is not part of this file.", "delivery.badRange");

/** The fields a response upload sends before its file (multipart). */
const responseFields = z.object({
  token: z.string().min(16, ivrMessages.badToken).max(200, ivrMessages.badToken),
  call_id: z.coerce.number().int().min(1).max(2_147_483_647),
  step: z.coerce.number().int().min(0).max(10_000),
  seq: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  duration_ms: z.coerce.number().int().min(0).max(3_600_000).optional(),
});

/** One recorded response: its fields (sent first, checked by `check`), then its audio, read whole (toBuffer) so an oversized file answers 413. */
async function uploadedResponse(
  req: FastifyRequest,
  check: (fields: z.output<typeof responseFields>) => Promise<void>,
): Promise<{ fields: z.output<typeof responseFields>; audio: Omit<RecordedAudio, "seq" | "durationMs"> }> {
  if (!req.isMultipart()) throw ivrError(400, "noAudio");
  let part;
  try {
    part = await req.file({ limits: { fileSize: IVR_MAX_RESPONSE_BYTES } });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw ivrError(413, "audioTooLarge");
    throw ivrError(400, "noAudio");
  }
  if (!part) throw ivrError(400, "noAudio");
  const raw: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const one = Array.isArray(field) ? field[0] : field;
    if (one && one.type === "field") raw[name] = String(one.value);
  }
  const fields = parseOrThrow(responseFields, raw);
  // The token and call are checked before the audio is read: a stranger's upload is not buffered.
  await check(fields);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" || (err as { statusCode?: number }).statusCode === 413) throw ivrError(413, "audioTooLarge");
    throw ivrError(400, "noAudio");
  }
  return { fields, audio: { data, contentType: part.mimetype } };
}

/** The web-IVR channel: each route checks the token, then drives the one IVR engine. */
export const webIvrHandlers = (ctx: AppContext): AreaHandlers<typeof webIvrRoutes> => ({
  candidateAccessToken: ({ params, scope }) => issueToken(ctx, scope, params),
  begin: ({ params, input, scope }) => beginWebCall(ctx, scope, params.id, input.token, () => startCall(ctx, { assignedTestId: params.id, channel: "web" })),
  event: async ({ params, input, scope }) => {
    await requireCall(ctx, scope, params.id, input.token, input.call_id);
    if (input.event === "accept") return acceptCall(ctx, input.call_id);
    if (input.event === "cancel") return endCall(ctx, input.call_id, "cancelled");
    return endCall(ctx, input.call_id, input.ended_by_candidate ? "ended" : "hangup");
  },
  state: async ({ params, input, scope }) => {
    await requireCall(ctx, scope, params.id, input.token, input.call_id);
    return callView(ctx, input.call_id);
  },
  promptPlayed: async ({ params, input, scope }) => {
    await requireCall(ctx, scope, params.id, input.token, input.call_id);
    return promptPlayed(ctx, input.call_id, input.step);
  },
  repeat: async ({ params, input, scope }) => {
    await requireCall(ctx, scope, params.id, input.token, input.call_id);
    return requestRepeat(ctx, input.call_id, input.step);
  },
  noResponse: async ({ params, input, scope }) => {
    await requireCall(ctx, scope, params.id, input.token, input.call_id);
    return noResponse(ctx, input.call_id, input.step);
  },
  response: async ({ params, scope, req }) => {
    const { fields, audio } = await uploadedResponse(req, (f) => requireCall(ctx, scope, params.id, f.token, f.call_id));
    return recordResponse(ctx, fields.call_id, fields.step, { ...audio, seq: fields.seq, durationMs: fields.duration_ms ?? null });
  },
  promptAudio: async ({ params, input, scope, req, reply }) => {
    await requireCall(ctx, scope, params.id, input.token, input.call_id);
    return sendBytes(req, reply, await promptAudio(ctx, input.call_id, input.item), badRange);
  },
});

/** GET /api/test_results/response_audio/{id}?item=: a recorded response, for whoever may score the test. */
export const ivrResultHandlers = (ctx: AppContext): AreaHandlers<typeof ivrResultRoutes> => ({
  responseAudio: async ({ params, input, scope, req, reply }) => {
    const s = await scoreableFor(ctx.db, scope, params.id);
    const file = await responseFile(ctx.db, s.id, input.item);
    if (!file) throw ivrError(404, "noResponse");
    return sendBytes(req, reply, { ...file, limited: false }, badRange);
  },
});
