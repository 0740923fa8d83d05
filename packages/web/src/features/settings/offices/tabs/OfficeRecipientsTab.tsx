import { RecipientsList } from "../../recipients";
import type { OfficeDetail } from "@parlance/contract";

/** Result recipients of this office (and the account's global ones), with add, edit and delete. */
export function OfficeRecipientsTab({ office }: { office: OfficeDetail }) {
  return <RecipientsList officeId={office.id} titleHidden />;
}
