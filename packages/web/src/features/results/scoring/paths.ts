/** Screen paths of scoring (spec §2). The PDFs and reports are contract routes (hrefOf). */
export const SCORING_LIST_PATH = "/testing/results";
export const scoringEditPath = (id: number) => `/testing/results/${id}/edit`;
export const noShowPath = (id: number) => `/testing/results/${id}/noshow`;
