import { z } from "zod";
import { positiveInt } from "../common/ids.js";
import { defineRoute } from "../route.js";
import { takingMessages, takingParams } from "./taking.js";

export const mediaMessages = {
  notFound: "That file is not part of this test.",
  notGranted: "This recording plays only after access to it has been granted.",
  badRange: "The requested range is not part of this file.",
} as const;

/** The media of a started test's items (images, audio, video), streamed with HTTP Range. */
export const takingMediaRoutes = {
  media: defineRoute({
    method: "GET",
    path: "/api/test_content/media/:id",
    params: takingParams,
    input: z.object({
      item: z.string({ error: takingMessages.badItem }).min(1, takingMessages.badItem).max(64),
      /** A QTI item's file: its index (from 1) in the item's media list (the item's URLs carry it). */
      file: positiveInt("file must be a positive whole number.").optional(),
    }),
    output: z.string().describe("the item's file (image/*, audio/*, video/*), with Range support"),
    access: "tests",
    failure: "testContentFailure",
    summary: "An item's image, audio or video of the caller's open attempt; limited plays only after grant_audio_access",
  }),
} as const;
