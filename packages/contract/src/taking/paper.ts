import { z } from "zod";
import { defineRoute } from "../route.js";
import { takingParams } from "./taking.js";

export const takingPaperMessages = {
  notPaper: "This test is not a paper test.",
} as const;

/** The paper test: a PDF of its content with the access code (spec §2: /testing/tests/{id}/pdf). */
export const takingPaperRoutes = {
  pdf: defineRoute({
    method: "GET",
    path: "/testing/tests/:id/pdf",
    params: takingParams,
    input: z.object({}),
    output: z.string().describe("the paper test (application/pdf), as an attachment"),
    access: "tests",
    failure: "testContentFailure",
    summary: "The paper test as a PDF: name, candidate, access code, instructions, numbered questions",
  }),
} as const;
