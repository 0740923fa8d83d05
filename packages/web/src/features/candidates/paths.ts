import { candidateRoutes } from "@parlance/contract";
import { hrefOf } from "../../api/client";

/** The candidates area's screen paths (client spec §2). */
export const CANDIDATES_PATH = "/testing/candidates";
export const NEW_CANDIDATE_PATH = "/testing/candidates/new";
export const candidatePath = (id: number) => `/testing/candidates/${id}`;
export const editCandidatePath = (id: number) => `/testing/candidates/${id}/edit`;

/** The id of a /testing/candidates/:id path, or null when it is not a record id. */
export function parseCandidateId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The candidates.csv download of a query (a plain link: the browser saves the streamed file). */
export const downloadHref = (query: string) => hrefOf(candidateRoutes.download, undefined, query.trim() ? { query: query.trim() } : {});
