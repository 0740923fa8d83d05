import { UsersList } from "../../users";
import type { OfficeDetail } from "@parlance/contract";

/** Testing users of this office, with add, edit and delete (spec §2, office detail page). */
export function OfficeUsersTab({ office }: { office: OfficeDetail }) {
  return <UsersList officeId={office.id} titleHidden />;
}
