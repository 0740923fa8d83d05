import { HelpGuidePage } from "./HelpGuidePage";

/** /help/candidate: the guide for candidates. */
export default function CandidateGuidePage() {
  return <HelpGuidePage guide="candidate" />;
}
