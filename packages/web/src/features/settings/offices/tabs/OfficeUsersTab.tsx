import { UsersList } from "../../users/UsersList";
import type { OfficeTabProps } from "./officeTabs";

/** Testing users of this office, with add, edit and delete (spec §2, office detail page). */
export function OfficeUsersTab({ office }: OfficeTabProps) {
  return <UsersList officeId={office.id} titleHidden />;
}
