/** What other features use of the calls area (each part adds its own line). */
export { CallCandidateButton, CallCandidateDialog } from "./phone";
