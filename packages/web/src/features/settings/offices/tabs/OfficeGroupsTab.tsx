import { TestGroupsList } from "../../packages/TestGroupsList";
import type { OfficeTabProps } from "./officeTabs";

/** Test groups (test packages) of this office (and the account's global ones), with add, edit and delete. */
export function OfficeGroupsTab({ office }: OfficeTabProps) {
  return <TestGroupsList officeId={office.id} titleHidden />;
}
