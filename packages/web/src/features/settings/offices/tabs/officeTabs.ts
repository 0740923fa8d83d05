import type { ComponentType } from "react";
import type { OfficeDetail } from "@parlance/contract";
import { OfficeUsersTab } from "./OfficeUsersTab";
import { OfficeRecipientsTab } from "./OfficeRecipientsTab";
import { OfficeGroupsTab } from "./OfficeGroupsTab";

export type OfficeTab = "users" | "resultrecipients" | "packages";

export interface OfficeTabProps {
  office: OfficeDetail;
}

/** The office detail tabs; the values are the office-level list paths of spec §2. */
export const OFFICE_TABS: readonly { value: OfficeTab; labelKey: string; Panel: ComponentType<OfficeTabProps> }[] = [
  { value: "users", labelKey: "offices.tabs.users", Panel: OfficeUsersTab },
  { value: "resultrecipients", labelKey: "offices.tabs.resultRecipients", Panel: OfficeRecipientsTab },
  { value: "packages", labelKey: "offices.tabs.testGroups", Panel: OfficeGroupsTab },
];
