import { mediaMessages, type takingMediaRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import { sendBytes } from "../../http/byte-range.js";
import { itemMedia } from "./service.js";

/** GET /api/test_content/media/{id}?item=: bytes with Range (audio seeking) and the cache rules. */
export const takingMediaHandlers = (ctx: AppContext): AreaHandlers<typeof takingMediaRoutes> => ({
  media: async ({ params, input, scope, req, reply }) =>
    sendBytes(req, reply, await itemMedia(ctx, scope, { ...params, ...input }), () => new HttpError(416, mediaMessages.badRange, "delivery.badRange")),
});
