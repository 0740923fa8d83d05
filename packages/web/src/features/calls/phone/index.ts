/** What other features use of the phone calls: the administrator's call-candidate button. */
export { CallCandidateButton, CallCandidateDialog } from "./CallCandidateDialog";
