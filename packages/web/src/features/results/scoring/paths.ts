/** Screen paths of scoring (spec §2). The PDF and report paths are served by the server. */
export const SCORING_LIST_PATH = "/testing/results";
export const scoringEditPath = (id: number) => `/testing/results/${id}/edit`;
export const noShowPath = (id: number) => `/testing/results/${id}/noshow`;
export const paperTestPdfPath = (id: number) => `/testing/results/${id}/paper_test_pdf`;
