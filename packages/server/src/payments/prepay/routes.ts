import type { prepayRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { acceptPrepayTerms, orderPrepay, prepayOrder, prepayPage } from "./service.js";

export const prepayHandlers = (ctx: AppContext): AreaHandlers<typeof prepayRoutes> => ({
  page: ({ scope }) => prepayPage(ctx, scope),
  acceptTerms: ({ scope }) => acceptPrepayTerms(ctx, scope),
  order: ({ input, scope }) => orderPrepay(ctx, scope, input),
  invoiceOf: ({ params, scope }) => prepayOrder(ctx, scope, params),
});
