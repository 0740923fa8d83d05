import { TestGroupsList } from "../../test-groups";
import type { OfficeDetail } from "@parlance/contract";

/** Test groups (test packages) of this office (and the account's global ones), with add, edit and delete. */
export function OfficeGroupsTab({ office }: { office: OfficeDetail }) {
  return <TestGroupsList officeId={office.id} titleHidden />;
}
