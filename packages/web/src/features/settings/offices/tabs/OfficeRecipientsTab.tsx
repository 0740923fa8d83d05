import { RecipientsList } from "../../recipients/RecipientsList";
import type { OfficeTabProps } from "./officeTabs";

/** Result recipients of this office (and the account's global ones), with add, edit and delete. */
export function OfficeRecipientsTab({ office }: OfficeTabProps) {
  return <RecipientsList officeId={office.id} titleHidden />;
}
