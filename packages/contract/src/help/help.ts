import { z } from "zod";
import { defineRoute } from "../route.js";

/**
 * Help (evaluators-results-account.md §2): the evaluator documents at /files/*.pdf, listed on
 * /help/documents, for evaluators and testing executives only (`evaluatorDocuments`: roles 12 and 4).
 * Each is made by the server's PDF tooling in the reader's language (?lang= or the chosen one).
 */
export const EVALUATOR_DOCUMENTS = [
  /** How to score a test on /testing/results: categories, levels, objectives, recommendations, due times. */
  { file: "scoring-guide.pdf", key: "scoringGuide" },
  /** The ALTA scale (levels 1 to 12+) with CEFR, ILR and ACTFL, as /testing/scales shows it. */
  { file: "testing-scales.pdf", key: "testingScales" },
] as const;
export type EvaluatorDocumentKey = (typeof EVALUATOR_DOCUMENTS)[number]["key"];

export const helpMessages = {
  badFile: "That document does not exist.",
} as const;

export const helpRoutes = {
  evaluatorDocument: defineRoute({
    method: "GET",
    path: "/files/:file",
    params: z.object({ file: z.string().max(100) }),
    input: z.object({}),
    output: z.string().describe("the document (application/pdf)"),
    access: "evaluatorDocuments",
    failure: "generic",
    summary: "An evaluator document (scoring-guide.pdf, testing-scales.pdf) in the reader's language; 404 for any other name",
  }),
} as const;
