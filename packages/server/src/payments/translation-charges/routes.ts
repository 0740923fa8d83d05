import type { translationChargeRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { createTranslationCharge, getTranslationCharge, payTranslationCharge } from "./service.js";
import "./fee-source.js";

export const translationChargeHandlers = (ctx: AppContext): AreaHandlers<typeof translationChargeRoutes> => ({
  create: ({ input, scope }) => createTranslationCharge(ctx, scope, input),
  get: ({ params, scope }) => getTranslationCharge(ctx, scope, params),
  pay: ({ params, scope }) => payTranslationCharge(ctx, scope, params),
});
