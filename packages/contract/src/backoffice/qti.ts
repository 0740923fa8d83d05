import { z } from "zod";
import { defineRoute } from "../route.js";
import { successOutput } from "../common/success.js";
import { ALTA_SCALE } from "../results/scales.js";
import { catalogueTestId } from "./catalogue.js";

/**
 * QTI 3 in the back office (issue 29): a test's content downloaded as a QTI 3 package (the upload
 * of backoffice/content.ts takes a package too), and the cut scores that turn the raw score of a
 * test whose items are all machine-scored into a level of the ALTA scale.
 */

/** A QTI package (a zip) may be this large with its media; a content .json stays under CONTENT_FILE_MAX_BYTES. */
export const QTI_PACKAGE_MAX_BYTES = 20 * 1024 * 1024;

export const qtiMessages = {
  cutScoresSaved: "The cut scores have been saved.",
  badCutLevel: "A cut score's level must be a level of the scale (1 to 12, or 12+).",
  badCutScore: "A cut score must be a number from 0 to 100000.",
  cutScoresOrder: "Each higher level needs a higher minimum score than the level below it.",
  duplicateCutLevel: "Level {{level}} is given two cut scores.",
  noContent: "The test has no published content to export.",
} as const;
export type QtiMessage = keyof typeof qtiMessages;

const LEVELS = ALTA_SCALE.map((l) => l.level) as [string, ...string[]];

/** From `min_score` (raw score, inclusive) up the test's result is `level`. */
export const cutScore = z.object({
  level: z.enum(LEVELS, { error: qtiMessages.badCutLevel }),
  min_score: z.number({ error: qtiMessages.badCutScore }).min(0, qtiMessages.badCutScore).max(100_000, qtiMessages.badCutScore),
});
export type CutScore = z.infer<typeof cutScore>;

export const cutScoresOutput = z.object({
  cut_scores: z.array(cutScore),
  /** The most a candidate can score on the current content (sum of machine-scored items), null when none. */
  max_score: z.number().nullable(),
  /** Every item that takes a response is machine-scored: a level can be given by the cut scores. */
  all_machine_scored: z.boolean(),
});
export type CutScores = z.infer<typeof cutScoresOutput>;

export const backofficeQtiRoutes = {
  cutScores: defineRoute({
    method: "GET",
    path: "/api/backoffice/tests/:id/cut_scores",
    params: z.object({ id: catalogueTestId }),
    input: z.object({}),
    output: cutScoresOutput,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "The cut scores of a test (raw score to level), with the current content's maximum score",
  }),
  saveCutScores: defineRoute({
    method: "POST",
    path: "/api/backoffice/tests/:id/cut_scores",
    params: z.object({ id: catalogueTestId }),
    input: z.object({ cut_scores: z.array(cutScore).max(ALTA_SCALE.length) }),
    output: successOutput,
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Sets a test's cut scores (an empty list removes them); each level's minimum above the lower level's (audited)",
  }),
  exportQti: defineRoute({
    method: "GET",
    path: "/api/backoffice/tests/:id/content/qti",
    params: z.object({ id: catalogueTestId }),
    input: z.object({}),
    output: z.string().describe("the current content as a QTI 3 package (application/zip), as an attachment"),
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "The test's current content as a QTI 3 package (imsmanifest.xml, the assessment test, an item per question, media)",
  }),
} as const;
