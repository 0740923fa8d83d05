import type { FastifyReply, FastifyRequest } from "fastify";
import type { devPhoneRoutes, phoneCallRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { sendBytes } from "../../http/byte-range.js";
import { HttpError } from "../../http/errors.js";
import { signedWebhook } from "../../http/signed-webhook.js";
import { callCandidate, callStartup, devCalls, requestCall } from "./service.js";
import { twilioPrompt, twilioRecording, twilioStatus, twilioVoice, type TwilioWebhook } from "./twilio-webhooks.js";
import { devAnswer, devCall, devHangUp, devPromptAudio, devResponse, devStep } from "./dev-phone.js";

/** Twilio's form-encoded parameters, as strings (anything else is not Twilio's and fails the signature). */
function webhookOf(req: FastifyRequest, callId: number): TwilioWebhook {
  const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {};
  const params = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));
  const signature = req.headers["x-twilio-signature"];
  return { callId, pathAndQuery: req.url, query: (req.query ?? {}) as Record<string, unknown>, params, signature: typeof signature === "string" ? signature : undefined };
}

const sendTwiml = (reply: FastifyReply, xml: string) => reply.type("text/xml; charset=utf-8").send(xml);
const badRange = () => new HttpError(416, "The requested range is not available.");

/** Phone calls: the call screen and dialog, Twilio's webhooks, the developer phone (contract: calls/phone.ts). */
export const phoneCallHandlers = (ctx: AppContext): AreaHandlers<typeof phoneCallRoutes> => ({
  callStartup: ({ params, scope }) => callStartup(ctx, scope, params),
  requestCall: ({ input, scope }) => requestCall(ctx, scope, input),
  callCandidate: ({ input, scope }) => callCandidate(ctx, scope, input),
  twilioVoice: signedWebhook(async ({ params, req, reply }) => sendTwiml(reply, await twilioVoice(ctx, webhookOf(req, params.callId)))),
  twilioRecording: signedWebhook(async ({ params, req, reply }) => sendTwiml(reply, await twilioRecording(ctx, webhookOf(req, params.callId)))),
  twilioStatus: signedWebhook(async ({ params, req, reply }) => sendTwiml(reply, await twilioStatus(ctx, webhookOf(req, params.callId)))),
  twilioPrompt: async ({ params, input, req, reply }) => sendBytes(req, reply, await twilioPrompt(ctx, params.callId, input), badRange),
});

/** The developer phone (not registered in production: api-areas.ts). */
export const devPhoneHandlers = (ctx: AppContext): AreaHandlers<typeof devPhoneRoutes> => ({
  devCalls: ({ input, scope }) => devCalls(ctx, scope, input),
  devAnswer: ({ params }) => devAnswer(ctx, params.callId),
  devCall: ({ params }) => devCall(ctx, params.callId),
  devStep: ({ params, input }) => devStep(ctx, params.callId, input),
  devResponse: ({ params, req }) => devResponse(ctx, params.callId, req),
  devPromptAudio: async ({ params, input, req, reply }) => sendBytes(req, reply, await devPromptAudio(ctx, params.callId, input.item), badRange),
  devHangUp: ({ params }) => devHangUp(ctx, params.callId),
});
