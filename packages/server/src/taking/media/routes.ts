import type { FastifyInstance } from "fastify";
import { mediaMessages, takingMediaRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { HttpError } from "../../http/errors.js";
import { itemMedia } from "./service.js";
import { parseRange } from "./range.js";

/** GET /api/test_content/media/{id}?item=: bytes with Range (audio seeking) and the cache rules. */
export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, takingMediaRoutes.media, async ({ params, input, caller, req, reply }) => {
    const file = await itemMedia(ctx, caller, params.id, input.item);
    const size = file.data.length;
    const range = parseRange(req.headers.range, size);
    if (range === "unsatisfiable") {
      reply.header("content-range", `bytes */${size}`);
      throw new HttpError(416, mediaMessages.badRange, "delivery.badRange");
    }
    reply
      .header("content-type", file.contentType)
      .header("accept-ranges", "bytes")
      // Limited recordings must not be replayable from a cache; other files may be kept briefly by this browser only.
      .header("cache-control", file.limited ? "private, no-store" : "private, max-age=300")
      // Opened on its own (an SVG), the file may not run or load anything.
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (range === null) {
      reply.header("content-length", size);
      return file.data as unknown as string;
    }
    reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`).header("content-length", range.end - range.start + 1);
    return file.data.subarray(range.start, range.end + 1) as unknown as string;
  });
}
