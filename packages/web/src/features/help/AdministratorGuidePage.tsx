import { HelpGuidePage } from "./HelpGuidePage";

/** /help/administrator: the guide for the account's administrators and users. */
export default function AdministratorGuidePage() {
  return <HelpGuidePage guide="administrator" />;
}
